// SQL of browsing memories: a timeline's memories page by page, the days that hold them, and
// one at random (DESIGN "API": GET /api/timelines/{id}/memories, memory-days, spotlight).
// Every list keeps to the memory-view rule of access/ (viewableMemories, viewableMemoryIds).
import type { Compilable } from 'kysely';
import { viewableMemories, viewableMemoryIds } from '../access/index.js';
import type { Db } from '../db/index.js';
import { jsonArray, jsonObject, parsedJson } from '../db/json-rows.js';
import { comesAfter, type ListPosition } from '../db/keyset.js';
import { precompiled, type Precompiled } from '../db/precompiled.js';
import type { MemberRow } from '../people/index.js';
import { filedOnAny, type MemoryChildren, type MemoryRow } from './queries.js';


export interface TimelineMemoriesFilter {
  /** ISO instants in UTC (the service normalizes them), inclusive. */
  start?: string;
  end?: string;
  /** Only memories after this one in the order (created_at desc, id desc). */
  after?: ListPosition;
  /** At most this many rows; none reads them all (the spec's plain list). */
  limit?: number;
}

/** The timeline's memories `viewerId` may view, newest first, with keyset pagination. */
export function timelineMemories(db: Db, viewerId: string, timelineId: string, filter: TimelineMemoriesFilter): Promise<MemoryRow[]> {
  return timelineMemoriesQuery(db, viewerId, timelineId, filter).execute();
}

/**
 * The query of timelineMemories, unexecuted, so a test can read its plan. The view rule is
 * access/viewableMemories, checked row by row, so a page walks memories_created_idx and
 * stops after `limit` rows.
 */
export function timelineMemoriesQuery(db: Db, viewerId: string, timelineId: string, filter: TimelineMemoriesFilter) {
  let query = viewableMemories(db, viewerId)
    .selectAll('memories')
    .where(filedOnAny([timelineId]));
  if (filter.start) query = query.where('memories.created_at', '>=', filter.start);
  if (filter.end) query = query.where('memories.created_at', '<=', filter.end);
  if (filter.after) query = query.where(comesAfter('memories', filter.after, 'desc'));
  query = query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query;
}

/** A page's memories and, for each, what its JSON is made of besides its row (queries.ts childrenOf). */
export interface MemoriesWithChildren {
  rows: MemoryRow[];
  children: MemoryChildren;
}

type PageValues = { viewerId: string; timelineId: string; limit: number; start: string; end: string; afterCreatedAt: string; afterId: string };

type PageMedia = Omit<MemoryChildren['media'][number], 'memory_id'>;
type PageFollowUp = Omit<MemoryChildren['followUps'][number], 'memory_id'> & { position: number };
type Json<T> = T | string;
/** A row of the page's statement: the memory, and its children as JSON (text on SQLite). */
type PageStatementRow = MemoryRow & {
  timeline_ids: Json<string[]>;
  share_ids: Json<string[]>;
  member_ids: Json<string[]>;
  tag_list: Json<string[]>;
  media_rows: Json<PageMedia[]>;
  follow_up_rows: Json<PageFollowUp[]>;
  creator: Json<MemberRow>;
};

/**
 * The page of timelineMemoriesQuery and the children of each of its memories, in one
 * statement: each child table is a JSON column beside the row, aggregated straight from its
 * index on memory_id (the tables and filters of queries.ts childrenOf; the orders are made once
 * parsed). Built and compiled once per database and per set of filters given, so a request
 * only runs it with its values.
 */
function timelinePageStatement(given: { start: boolean; end: boolean; after: boolean }): Precompiled<PageValues, PageStatementRow> {
  const names: (keyof PageValues)[] = ['viewerId', 'timelineId', 'limit'];
  if (given.start) names.push('start');
  if (given.end) names.push('end');
  if (given.after) names.push('afterCreatedAt', 'afterId');
  return precompiled<PageValues, PageStatementRow>(names, (db, values) => {
    const page = timelineMemoriesQuery(db, values.viewerId, values.timelineId, {
      start: given.start ? values.start : undefined,
      end: given.end ? values.end : undefined,
      after: given.after ? { createdAt: values.afterCreatedAt, id: values.afterId } : undefined,
      limit: values.limit,
    });
    return db
      .selectFrom(page.as('page'))
      .selectAll('page')
      .select((eb) => [
        eb.selectFrom('memory_timelines').select((sub) => jsonArray(db, sub.ref('memory_timelines.timeline_id')).as('ids')).whereRef('memory_timelines.memory_id', '=', 'page.id').as('timeline_ids'),
        eb.selectFrom('memory_shares').select((sub) => jsonArray(db, sub.ref('memory_shares.user_id')).as('ids')).whereRef('memory_shares.memory_id', '=', 'page.id').as('share_ids'),
        // DESIGN "Memory view": a 'timeline' memory is shared with the members now of its timelines.
        eb
          .selectFrom('memory_timelines')
          .innerJoin('timeline_members', 'timeline_members.timeline_id', 'memory_timelines.timeline_id')
          .select((sub) => jsonArray(db, sub.ref('timeline_members.user_id')).as('ids'))
          .whereRef('memory_timelines.memory_id', '=', 'page.id')
          .where('page.audience', '=', 'timeline')
          .as('member_ids'),
        eb.selectFrom('memory_tags').select((sub) => jsonArray(db, sub.ref('memory_tags.tag')).as('tags')).whereRef('memory_tags.memory_id', '=', 'page.id').as('tag_list'),
        eb
          .selectFrom('media')
          .select((sub) =>
            jsonArray(
              db,
              jsonObject(db, {
                id: sub.ref('media.id'),
                owner_id: sub.ref('media.owner_id'),
                kind: sub.ref('media.kind'),
                storage_key: sub.ref('media.storage_key'),
                mime_type: sub.ref('media.mime_type'),
                size: sub.ref('media.size'),
                width: sub.ref('media.width'),
                height: sub.ref('media.height'),
                duration: sub.ref('media.duration'),
                position: sub.ref('media.position'),
                // Not shown (present.ts); in each dialect's JSON form of an instant.
                created_at: sub.ref('media.created_at'),
              }),
            ).as('rows'),
          )
          .whereRef('media.memory_id', '=', 'page.id')
          // 'audio': the memory's own recording and the spoken answers, for their durations.
          .where('media.kind', 'in', ['image', 'video', 'video_thumbnail', 'audio'])
          .as('media_rows'),
        eb
          .selectFrom('follow_up_responses')
          .select((sub) =>
            jsonArray(
              db,
              jsonObject(db, {
                question: sub.ref('follow_up_responses.question'),
                answer: sub.ref('follow_up_responses.answer'),
                audio_key: sub.ref('follow_up_responses.audio_key'),
                transcription_status: sub.ref('follow_up_responses.transcription_status'),
                position: sub.ref('follow_up_responses.position'),
              }),
            ).as('rows'),
          )
          .whereRef('follow_up_responses.memory_id', '=', 'page.id')
          .as('follow_up_rows'),
        eb
          .selectFrom('users')
          .select((sub) =>
            jsonObject(db, {
              id: sub.ref('users.id'),
              display_name: sub.ref('users.display_name'),
              first_name: sub.ref('users.first_name'),
              last_name: sub.ref('users.last_name'),
              email: sub.ref('users.email'),
              profile_image_key: sub.ref('users.profile_image_key'),
              is_storyteller: sub.ref('users.is_storyteller'),
            }).as('card'),
          )
          .whereRef('users.id', '=', 'page.user_id')
          .as('creator'),
      ])
      .orderBy('page.created_at', 'desc')
      .orderBy('page.id', 'desc') as unknown as Compilable<PageStatementRow>;
  });
}

/** The eight forms of the statement, by which of start, end and cursor a page gives. */
const pageStatements = new Map<string, Precompiled<PageValues, PageStatementRow>>();

function pageStatementFor(filter: TimelineMemoriesFilter): Precompiled<PageValues, PageStatementRow> {
  const given = { start: filter.start !== undefined, end: filter.end !== undefined, after: filter.after !== undefined };
  const key = `${given.start}:${given.end}:${given.after}`;
  let statement = pageStatements.get(key);
  if (!statement) pageStatements.set(key, (statement = timelinePageStatement(given)));
  return statement;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * timelineMemories with `limit`, and the children of those rows, read in one statement: the
 * same rows in the same order, and the children queries.ts childrenOf would read for them, in
 * its orders (tags by name, media by position then key, follow-ups by position).
 */
export async function timelinePageWithChildren(db: Db, viewerId: string, timelineId: string, filter: TimelineMemoriesFilter & { limit: number }): Promise<MemoriesWithChildren> {
  const found = await pageStatementFor(filter)(db, {
    viewerId,
    timelineId,
    limit: filter.limit,
    start: filter.start ?? '',
    end: filter.end ?? '',
    afterCreatedAt: filter.after?.createdAt ?? '',
    afterId: filter.after?.id ?? '',
  });
  const children: MemoryChildren = { timelines: [], shares: [], members: [], tags: [], media: [], followUps: [], creators: [] };
  const rows: MemoryRow[] = [];
  for (const { timeline_ids, share_ids, member_ids, tag_list, media_rows, follow_up_rows, creator, ...row } of found) {
    const memory_id = row.id;
    rows.push(row);
    for (const timeline_id of parsedJson(timeline_ids)) children.timelines.push({ memory_id, timeline_id });
    for (const user_id of parsedJson(share_ids)) children.shares.push({ memory_id, user_id });
    for (const user_id of parsedJson(member_ids)) children.members.push({ memory_id, user_id });
    for (const tag of parsedJson(tag_list).sort(byText)) children.tags.push({ memory_id, tag });
    const media = parsedJson(media_rows).sort((a, b) => a.position - b.position || byText(a.storage_key, b.storage_key));
    for (const item of media) children.media.push({ ...item, memory_id });
    for (const { position: _, ...answer } of parsedJson(follow_up_rows).sort((a, b) => a.position - b.position)) children.followUps.push({ ...answer, memory_id });
    children.creators.push(parsedJson(creator));
  }
  return { rows, children };
}

/** The dates of the timeline's memories `viewerId` may view (one per memory; days are made in the caller's zone). */
export async function timelineMemoryDates(db: Db, viewerId: string, timelineId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memories')
    .innerJoin('memory_timelines', 'memory_timelines.memory_id', 'memories.id')
    .select('memories.created_at')
    .where('memory_timelines.timeline_id', '=', timelineId)
    .where('memories.id', 'in', viewableMemoryIds(db, viewerId))
    .execute();
  return rows.map((row) => row.created_at);
}

export async function countViewable(db: Db, viewerId: string): Promise<number> {
  const row = await db
    .selectFrom('memories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('memories.id', 'in', viewableMemoryIds(db, viewerId))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The `index`-th memory `viewerId` may view, in id order (the spotlight draws `index` at random). */
export function viewableAt(db: Db, viewerId: string, index: number): Promise<MemoryRow | undefined> {
  return db
    .selectFrom('memories')
    .selectAll()
    .where('memories.id', 'in', viewableMemoryIds(db, viewerId))
    .orderBy('memories.id')
    .limit(1)
    .offset(index)
    .executeTakeFirst();
}
