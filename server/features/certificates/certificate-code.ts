import { randomBytes } from 'node:crypto';

/** No 0/O or 1/I: a code read aloud or copied from paper survives. 32 characters, 5 bits each. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CERTIFICATE_CODE = /^BLET-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** BLET-XXXX-XXXX: 8 random characters (40 bits), unbiased since 32 divides 256; unique in the database. */
export function newCertificateCode(): string {
  const chars = [...randomBytes(8)].map((b) => CODE_ALPHABET[b & 31]!);
  return `BLET-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** A code as people type it: any case, spaces around. */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}
