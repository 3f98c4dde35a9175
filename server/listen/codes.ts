// A listen code's token (DESIGN "The family book (PDF)"): 256 random bits, the only credential
// of /listen/{token} and /api/listen/{token}/…. Looked up by its SHA-256; sealed with the
// server's secret under a purpose of its own, so the next book prints the same code and no
// storyteller's link could ever be opened as one (server/sealing.ts derives a key per purpose).
import { appAddress } from '../config.js';
import { hashOfToken, isTokenShaped, mintToken, unseal, type SealedToken } from '../sealing.js';

const PURPOSE = 'listen code v1';

export type MintedCode = SealedToken;

export const hashOfCode = hashOfToken;

/** Whether `token` could be a code at all: anything else is a wrong guess without a lookup. */
export const isCodeShaped = isTokenShaped;

export const mintCode = (secret: string): MintedCode => mintToken(secret, PURPOSE);

/** The token sealed in `sealed`; null when another secret sealed it (SESSION_SECRET changed since). */
export const unsealCode = (secret: string, sealed: string): string | null => unseal(secret, PURPOSE, sealed);

/** `PUBLIC_URL/listen/{token}`, whatever path PUBLIC_URL has. */
export const listenUrl = (publicUrl: URL, token: string): string => appAddress(publicUrl, `listen/${token}`);
