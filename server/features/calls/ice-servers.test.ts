import { describe, expect, it } from 'vitest';
import { iceServersFor, turnCredential } from './ice-servers';

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('matches a vector computed with openssl', () => {
    // printf '1700000000:alice' | openssl dgst -sha1 -hmac 'north-star' -binary | base64
    expect(turnCredential('north-star', 'alice', new Date(1_700_000_000_000))).toEqual({
      username: '1700000000:alice',
      credential: 'rchw+7XvnG7mN0BXm8xDnHNSHX0=',
    });
  });

  it('gives each member credentials that expire after the configured life', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const config = {
      stunUrls: ['stun:stun.example.org:3478'],
      turnUrls: ['turn:turn.example.org:3478?transport=udp'],
      turnSecret: 's'.repeat(20),
      turnTtlSeconds: 3600,
    };
    const [stun, turn] = iceServersFor(config, 'u1', now);
    expect(stun).toEqual({ urls: ['stun:stun.example.org:3478'] });
    expect(turn?.urls).toEqual(config.turnUrls);
    expect(turn?.username).toBe(`${now.getTime() / 1000 + 3600}:u1`);
    expect(turn?.credential).toBe(
      turnCredential(config.turnSecret, 'u1', new Date(now.getTime() + 3_600_000)).credential,
    );
  });

  it('offers no TURN without its secret, and nothing when nothing is set', () => {
    expect(iceServersFor({ stunUrls: [], turnUrls: ['turn:x'], turnTtlSeconds: 600 }, 'u1', new Date())).toEqual([]);
  });
});
