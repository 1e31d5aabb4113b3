import { createHmac } from 'node:crypto';
import type { TIceServer } from '#shared/calls/calls.schemas';

export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's `static-auth-secret`; TURN is offered only with it. */
  turnSecret?: string;
  /** How long a TURN credential stays valid. */
  turnTtlSeconds: number;
}

/**
 * coturn's `use-auth-secret` (the TURN REST API): the username is `<expiry unix seconds>:<userId>`
 * and the password the base64 HMAC-SHA1 of that username under the shared secret, so coturn
 * checks it without asking us and it stops working at the expiry.
 */
export function turnCredential(
  secret: string,
  userId: string,
  expiresAt: Date,
): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The ICE servers one member of a call may use, with TURN credentials of their own. */
export function iceServersFor(config: IceConfig, userId: string, now: Date): TIceServer[] {
  const servers: TIceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const expiresAt = new Date(now.getTime() + config.turnTtlSeconds * 1000);
    servers.push({ urls: config.turnUrls, ...turnCredential(config.turnSecret, userId, expiresAt) });
  }
  return servers;
}
