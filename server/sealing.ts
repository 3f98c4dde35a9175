// Secrets the server must show again later (a storyteller's link for "Copy link" and the
// reminder e-mail, a memory's listen code for the next book), sealed with AES-256-GCM under a key derived from SESSION_SECRET, so a
// copy of the database alone reveals none of them. Each purpose derives its own key (HKDF),
// so a value sealed for one can never be opened as another.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyFor = (secret: string, purpose: string): Buffer => Buffer.from(hkdfSync('sha256', secret, '', `heirloom sealed ${purpose}`, 32));

/** `iv ‖ tag ‖ ciphertext`, base64url. */
export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The plaintext, or null when the value was not sealed with this secret for this purpose. */
export function unseal(secret: string, purpose: string, value: string): string | null {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A link's credential: 256 random bits, found by its SHA-256 (hash), shown again from `sealed`. */
export interface SealedToken {
  token: string;
  hash: string;
  sealed: string;
}

/** 32 bytes in base64url: 43 characters, nothing else. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashOfToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether `token` could be one at all: anything else is a wrong guess without a lookup. */
export const isTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

/** A new token for `purpose`; only its hash and its sealed form are ever stored. */
export function mintToken(secret: string, purpose: string): SealedToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOfToken(token), sealed: seal(secret, purpose, token) };
}
