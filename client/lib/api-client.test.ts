import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isTransientError, NetworkError, serverMessage } from './api-client';

function answer(status: number, body: string, contentType = 'application/json') {
  return vi
    .fn()
    .mockResolvedValue(
      new Response(status === 204 ? null : body, { status, headers: { 'content-type': contentType } }),
    );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends cookies and JSON, and returns the parsed answer', async () => {
    const fetchMock = answer(200, '{"id":"1"}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/api/login', { body: { username: 'ada' } })).resolves.toEqual({ id: '1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"username":"ada"}' });
    expect(init.headers['Content-Type']).toBe('application/json');
  });

  it('sends no body or content type when there is nothing to send', async () => {
    const fetchMock = answer(204, '');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBeUndefined();
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('throws "status: body text" and keeps the parsed body (spec section 8)', async () => {
    const body = '{"error":"Invalid credentials","code":"INVALID_CREDENTIALS"}';
    vi.stubGlobal('fetch', answer(401, body));
    const err = await apiRequest('POST', '/api/login', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`401: ${body}`);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).body).toEqual({ error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
    expect(serverMessage(err)).toBe('Invalid credentials');
    expect(isTransientError(err)).toBe(false);
  });

  it('keeps per-field messages of a validation failure', async () => {
    const body =
      '{"error":"Invalid input","code":"VALIDATION_FAILED","fields":{"email":"Please enter a valid email address"}}';
    vi.stubGlobal('fetch', answer(400, body));
    const err = (await apiRequest('POST', '/api/register', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.body?.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('uses the status text when the body is empty, and reads `message` (admin login)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' })));
    const err = await apiRequest('GET', '/api/user').catch((e: unknown) => e);
    expect((err as ApiError).message).toBe('502: Bad Gateway');
    expect(isTransientError(err)).toBe(true);

    vi.stubGlobal('fetch', answer(401, '{"message":"Wrong email or password","error":"Unauthorized"}'));
    const admin = await apiRequest('POST', '/api/admin/login', { body: {} }).catch((e: unknown) => e);
    expect(serverMessage(admin)).toBe('Unauthorized');
  });

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const err = await apiRequest('GET', '/api/user').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(isTransientError(err)).toBe(true);
  });
});
