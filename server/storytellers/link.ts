// A storyteller's link (DESIGN "Storytellers (no account)"): 256 random bits, the only
// credential of /api/tell/{token}. Looked up by its SHA-256, and sealed with the server's
// secret so the family can show it again; the token itself is never stored or logged.
import { appAddress } from '../config.js';
import { hashOfToken, isTokenShaped, mintToken, unseal, type SealedToken } from '../sealing.js';

const PURPOSE = 'storyteller link v1';

export type IssuedLink = SealedToken;

export { hashOfToken, isTokenShaped };

export const issueLink = (secret: string): IssuedLink => mintToken(secret, PURPOSE);

/** The token sealed in `sealed`; null when another secret sealed it (SESSION_SECRET changed). */
export const unsealToken = (secret: string, sealed: string): string | null => unseal(secret, PURPOSE, sealed);

/** `PUBLIC_URL/tell/{token}`, whatever path PUBLIC_URL has. */
export const linkUrl = (publicUrl: URL, token: string): string => appAddress(publicUrl, `tell/${token}`);
