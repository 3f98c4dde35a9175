// A listen code's token (DESIGN "The family book (PDF)"): 256 random bits, the only credential
// of /listen/{token} and /api/listen/{token}/…. Looked up by its SHA-256; sealed with the
// server's secret under a purpose of its own, so the next book prints the same code and no
// storyteller's link could ever be opened as one (server/sealing.ts derives a key per purpose).
import { createHash, randomBytes } from 'node:crypto';
import { seal, unseal } from '../sealing.js';

const PURPOSE = 'listen code v1';
/** 32 bytes in base64url: 43 characters, nothing else. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface MintedCode {
  token: string;
  hash: string;
  sealed: string;
}

export const hashOfCode = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether `token` could be a code at all: anything else is a wrong guess without a lookup. */
export const isCodeShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

export function mintCode(secret: string): MintedCode {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOfCode(token), sealed: seal(secret, PURPOSE, token) };
}

/** The token sealed in `sealed`; null when another secret sealed it (SESSION_SECRET changed since). */
export const unsealCode = (secret: string, sealed: string): string | null => unseal(secret, PURPOSE, sealed);

/** `PUBLIC_URL/listen/{token}`, whatever path PUBLIC_URL has. */
export const listenUrl = (publicUrl: URL, token: string): string =>
  new URL(`listen/${token}`, publicUrl.href.endsWith('/') ? publicUrl : `${publicUrl.href}/`).href;
