// A storyteller's link (DESIGN "Storytellers (no account)"): 256 random bits, the only
// credential of /api/tell/{token}. Looked up by its SHA-256, and sealed with the server's
// secret so the family can show it again; the token itself is never stored or logged.
import { createHash, randomBytes } from 'node:crypto';
import { seal, unseal } from '../sealing.js';

const PURPOSE = 'storyteller link v1';
/** 32 bytes in base64url: 43 characters, nothing else. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedLink {
  token: string;
  hash: string;
  sealed: string;
}

export const hashOfToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const isTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

export function issueLink(secret: string): IssuedLink {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOfToken(token), sealed: seal(secret, PURPOSE, token) };
}

/** The token sealed in `sealed`; null when another secret sealed it (SESSION_SECRET changed). */
export const unsealToken = (secret: string, sealed: string): string | null => unseal(secret, PURPOSE, sealed);

/** `PUBLIC_URL/tell/{token}`, whatever path PUBLIC_URL has. */
export const linkUrl = (publicUrl: URL, token: string): string => new URL(`tell/${token}`, publicUrl.href.endsWith('/') ? publicUrl : `${publicUrl.href}/`).href;
