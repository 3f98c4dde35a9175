// Memories with the texts, date and media a search test needs, made straight in the database.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Memory } from '../../common/memories.js';
import { searchQuery } from '../../common/search.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { makeMemory, type MadeUser } from '../test/factories.js';
import { searchMemories, type SearchWays } from './service.js';

export interface SearchableMemory {
  title: string;
  content?: string;
  transcription?: string;
  createdAt: string;
  timelineIds?: string[];
  sharedWith?: UserRow[];
  /** Media rows of these kinds (one image is enough for "only with images"). */
  media?: ('image' | 'video' | 'video_thumbnail' | 'audio')[];
}

export async function makeSearchableMemory(ctx: AppContext, creator: UserRow, fields: SearchableMemory): Promise<string> {
  const { id } = await makeMemory(ctx, creator, { title: fields.title, timelineIds: fields.timelineIds, sharedWith: fields.sharedWith });
  await ctx.db
    .updateTable('memories')
    .set({ content: fields.content ?? '', transcription: fields.transcription ?? '', created_at: fields.createdAt })
    .where('id', '=', id)
    .execute();
  for (const [position, kind] of (fields.media ?? []).entries()) {
    const extension = kind === 'image' ? 'jpg' : kind === 'audio' ? 'webm' : 'mp4';
    await ctx.db
      .insertInto('media')
      .values({
        id: randomUUID(),
        memory_id: id,
        owner_id: creator.id,
        kind,
        storage_key: `${kind}s/${randomUUID()}.${extension}`,
        mime_type: kind === 'image' ? 'image/jpeg' : kind === 'audio' ? 'audio/webm' : 'video/mp4',
        size: 1,
        width: null,
        height: null,
        duration: null,
        position,
        created_at: iso(ctx.now()),
      })
      .execute();
  }
  return id;
}

export function searchAs(app: FastifyInstance, query: Record<string, string>, who?: MadeUser) {
  return app.inject({ method: 'GET', url: `/api/memories/search?${new URLSearchParams(query)}`, headers: who ? { cookie: who.cookie } : {} });
}

export const idsOf = (memories: Memory[]) => memories.map((memory) => memory.id);

/**
 * Every way a search can read its candidates besides the product's own counts (service.ts
 * SearchWays), which a test's few memories would never leave the walk of: the index alone,
 * looking each find up or reading in order, and a walk of one memory before it.
 */
const otherWays: SearchWays[] = [
  { walkRows: 0, lookupsAtMost: Number.MAX_SAFE_INTEGER },
  { walkRows: 0, lookupsAtMost: 0 },
  { walkRows: 1, lookupsAtMost: 0 },
];

/**
 * The ids `query` finds as `who`, asked each of the other ways, each as a whole list and as
 * pages of two followed by their cursors: an answer per way and form, for a test to hold each
 * to the product's (a search the query refuses is not asked).
 */
export async function idsEveryOtherWay(ctx: AppContext, query: Record<string, string>, who: MadeUser): Promise<Record<string, string[]>> {
  const parsed = searchQuery.parse(query);
  const answers: Record<string, string[]> = {};
  for (const ways of otherWays) {
    const label = `walk ${ways.walkRows}, lookups at most ${ways.lookupsAtMost}`;
    answers[`${label}, whole`] = await idsOfReply(searchMemories(ctx, who.user, parsed, ways));
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const reply = await searchMemories(ctx, who.user, { ...parsed, limit: 2, cursor }, ways);
      paged.push(...(await idsOfReply(Promise.resolve(reply))));
      cursor = reply.nextCursor ?? undefined;
    } while (cursor);
    answers[`${label}, in pages of 2`] = paged;
  }
  return answers;
}

async function idsOfReply(reply: ReturnType<typeof searchMemories>): Promise<string[]> {
  const ids: string[] = [];
  for await (const batch of (await reply).batches) ids.push(...batch.map((memory) => memory.id));
  return ids;
}
