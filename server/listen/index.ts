// Listen codes (issue 24; DESIGN "The family book (PDF)"): the one writer of `listen_links`.
// A book asks here for the address to print beside a memory with a voice; the listen page
// (routes.ts, page.ts) plays it for whoever holds that address, with no account.
import { randomUUID } from 'node:crypto';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { listenUrl, mintCode, unsealCode } from './codes.js';
import * as queries from './queries.js';

/**
 * `PUBLIC_URL/listen/{token}` for `memoryId`: the newest of its codes the server can still show
 * (sealed under the current SESSION_SECRET), so every book prints the same code; when there is
 * none (never printed, stopped, or the secret changed since), a new one minted by `userId` on
 * `db`, the caller's transaction or not. Codes sealed under an older secret are left as they
 * are: a book printed with them keeps playing (found by hash).
 */
export async function listenUrlFor(ctx: AppContext, db: Db, memoryId: string, userId: string): Promise<string> {
  for (const code of await queries.sealedCodesOf(db, memoryId)) {
    const token = unsealCode(ctx.config.sessionSecret, code.token_sealed!);
    if (token) return listenUrl(ctx.config.publicUrl, token);
  }
  const minted = mintCode(ctx.config.sessionSecret);
  await queries.insertCode(db, {
    id: randomUUID(),
    memory_id: memoryId,
    token_hash: minted.hash,
    token_sealed: minted.sealed,
    created_by: userId,
    created_at: iso(ctx.now()),
  });
  return listenUrl(ctx.config.publicUrl, minted.token);
}
