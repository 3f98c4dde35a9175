// Memories with the texts, date and media a search test needs, made straight in the database.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Memory } from '../../common/memories.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { makeMemory, type MadeUser } from '../test/factories.js';

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
