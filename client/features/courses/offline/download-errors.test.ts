import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '#client/lib/api-client';
import { DownloadError } from '#client/lib/downloads';
import { downloadErrorMessage } from './download-errors';

const MB = 1024 * 1024;

describe('downloadErrorMessage', () => {
  it('states the sizes when the quota is exceeded, and what to do', () => {
    const text = downloadErrorMessage(new DownloadError('quota', 50 * MB, 12 * MB), true);
    expect(text).toContain('This download needs 50.0 MB; your browser allows 12.0 MB more.');
    expect(text).toContain('Delete other downloads');
    expect(text).toContain('or download it without videos');
  });

  it('states only the size needed when the browser refused mid-way without saying what is left', () => {
    const text = downloadErrorMessage(new DownloadError('quota', 5 * MB), false);
    expect(text).toContain('This download needs 5.0 MB. Delete other downloads');
  });

  it('does not offer a lighter download when videos were already left out', () => {
    expect(downloadErrorMessage(new DownloadError('quota', 5 * MB, 0), false)).not.toContain('without videos');
  });

  it('says the course refused when the server did (a refund ended the enrolment)', () => {
    expect(downloadErrorMessage(new DownloadError('refused'), false)).toContain('no longer lets you download');
    expect(downloadErrorMessage(new ApiError(403, 'Forbidden', undefined), false)).toContain(
      'no longer lets you download',
    );
  });

  it('tells a dropped connection from a cancel', () => {
    expect(downloadErrorMessage(new NetworkError(new TypeError('Failed to fetch')), false)).toContain(
      'connection dropped',
    );
    expect(downloadErrorMessage(new DownloadError('network'), false)).toContain('connection dropped');
    expect(downloadErrorMessage(new DownloadError('aborted'), false)).toBe('Download cancelled. Nothing was kept.');
  });

  it('falls back to a plain retry for anything else', () => {
    expect(downloadErrorMessage(new ApiError(500, 'Oops', undefined), false)).toBe(
      'The download could not be saved on this device. Try again.',
    );
  });
});
