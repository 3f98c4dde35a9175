// Never twice (issue 20; DESIGN "Offline and installable"): a create sent with an
// Idempotency-Key that the same caller already sent within 24 hours answers the first
// result and creates nothing. For POST /api/memories and a memory's comments (text or
// voice); the tell link's memories of a later issue plug in the same way, with a caller
// named by the link instead of a user.
//
// The truth is in the database, so every instance agrees: the key's row is written in the
// create's own transaction, first, so a create that fails leaves the key free for the
// retry (its transaction rolled back), and a second send of the same key at the same
// moment waits on the key's row (PostgreSQL) or on the one writer (SQLite) until the first
// commits, finds the row, rolls its own create back (its staged files go with it, as with
// any failed create) and answers the first result. A send that comes after the first
// committed is answered before its body is read, so its files are never stored at all.
//
// The row names the created resource, never its content: a repeat presents the resource
// afresh (the first answer, with whatever has happened to it since, such as a
// transcription), and a resource deleted since answers its feature's 404. Keeping the
// first body would have kept a deleted memory's words for a day, and in backups.
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_WINDOW_MS, idempotencyKey } from '../../common/idempotency.js';
import { messages } from '../../common/messages.js';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { badRequest, HttpError } from '../http/errors.js';
import { drainBody } from '../media/index.js';
import * as queries from './queries.js';

/**
 * Writes the send's key in the create's transaction, naming what it created; throws when
 * another send of the same key committed first, which rolls the create back.
 */
export type KeyClaim = (trx: Db, resourceId: string) => Promise<void>;

export interface IdempotentCreate<T> {
  /** Who sent it: the user's id (a tell link's story: the storyteller's). */
  caller: string;
  /** The request the key belongs to, when its path holds a secret that must not be stored (a tell link's token). */
  route?: string;
  /** The status of a create's answer, given again to a repeat. */
  status: number;
  /** Makes the resource, calling `claim` first in its transaction. */
  create(claim: KeyClaim | undefined): Promise<T>;
  /** The resource a repeat answers, as the caller sees it now. */
  present(resourceId: string): Promise<T>;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  /** Set on a repeat's answer (Idempotency-Replayed: true), for clients and logs. */
  headers: Record<string, string>;
}

/** Thrown inside a create's transaction when the key is taken; answered as the first result. */
class KeyTaken extends HttpError {
  constructor() {
    super(409, messages.idempotencyKeyInFlight);
  }
}

/** The request's Idempotency-Key, or null without one; 400 when it is not 1 to 200 printable ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const sent = request.headers['idempotency-key'];
  if (sent === undefined) return null;
  const parsed = idempotencyKey.safeParse(sent);
  if (!parsed.success) throw badRequest(messages.idempotencyKeyInvalid);
  return parsed.data;
}

/** The request a key belongs to: method and path, so the same key on another memory's comments is another request. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.url.split('?')[0]}`;

/**
 * Runs `create` once per key: without a key, simply runs it; with one already answered for
 * the caller within the window, answers that resource again without reading the body (422 if
 * the key was sent to another request); else runs it with the key claimed in its transaction.
 */
export async function createOnce<T>(ctx: AppContext, request: FastifyRequest, once: IdempotentCreate<T>): Promise<IdempotentAnswer<T>> {
  const key = idempotencyKeyOf(request);
  if (key === null) return { status: once.status, body: await once.create(undefined), headers: {} };
  const route = once.route ?? routeOf(request);
  const now = ctx.now();
  const since = iso(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS));
  const repeat = async (): Promise<IdempotentAnswer<T> | null> => {
    const row = await queries.findKey(ctx.db, once.caller, key, since);
    if (!row) return null;
    if (row.route !== route) throw new HttpError(422, messages.idempotencyKeyReused);
    return { status: row.status, body: await once.present(row.resource_id), headers: { 'idempotency-replayed': 'true' } };
  };

  const earlier = await repeat().catch(async (error: unknown) => {
    await drainBody(request);
    throw error;
  });
  if (earlier) {
    await drainBody(request);
    return earlier;
  }
  // Space only: a row past the window never answers anyway. By caller, as they send, so
  // callers never wait on each other's rows; one who stops sending leaves a day of rows at most.
  await queries.deleteKeysBefore(ctx.db, once.caller, since);
  const claim: KeyClaim = async (trx, resourceId) => {
    const row = { caller: once.caller, key, route, resource_id: resourceId, status: once.status, created_at: iso(now) };
    if (!(await queries.insertKey(trx, row))) throw new KeyTaken();
  };
  try {
    return { status: once.status, body: await once.create(claim), headers: {} };
  } catch (error) {
    // The same key committed by another send meanwhile: whatever stopped this one (the key
    // itself, or a direct video the first already took), the repeat answers the first result.
    const first = await repeat();
    if (first) return first;
    throw error;
  }
}
