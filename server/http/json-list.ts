// Lists as the API answers them (issue 19 "Memory and size"): a JSON array written as its rows
// are read, a batch at a time, so the server holds one batch however long the list, and a
// client that reads slowly slows the reading (the reply is a stream, with backpressure). With
// `limit`, one page and the cursor of the next in NEXT_CURSOR_HEADER; the body stays the plain
// array of the spec's calls (memories §7).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER, type PageQuery } from '../../common/pages.js';
import { compiledJson } from './compiled-json.js';
import { keysetBatches, LIST_BATCH_ROWS, positionOf, type ListReader, type ListRow } from '../db/keyset.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';

/** A list to send: its items batch by batch, read as the reply is written; and, for a page, the next one's cursor (null on the last). */
export interface ListReply<Item> {
  batches: AsyncIterable<Item[]>;
  nextCursor?: string | null;
}

/** Where a list's items come from: its rows in order, which of them belong (search's rule), and how a batch of them is presented. */
export interface ListSource<Row extends ListRow, Item> {
  read: ListReader<Row>;
  keep?: (row: Row) => boolean;
  present: (rows: Row[]) => Promise<Item[]>;
}

async function* kept<Row>(batches: AsyncIterable<Row[]>, keep: ((row: Row) => boolean) | undefined): AsyncGenerator<Row[]> {
  for await (const rows of batches) {
    const chosen = keep ? rows.filter(keep) : rows;
    if (chosen.length > 0) yield chosen;
  }
}

async function* presented<Row, Item>(batches: AsyncIterable<Row[]>, present: (rows: Row[]) => Promise<Item[]>): AsyncGenerator<Item[]> {
  for await (const rows of batches) yield await present(rows);
}

/**
 * The list `source` gives for `page` (common/pages.ts). Without `limit`: everything after the
 * cursor, read batch by batch as it is sent. With it: the first `limit` items after the
 * cursor, read now (one statement unless `keep` drops rows), and the cursor of the next page.
 * A cursor that is not one of ours is refused here, before a byte is sent.
 */
export async function listReply<Row extends ListRow, Item>(source: ListSource<Row, Item>, page: PageQuery): Promise<ListReply<Item>> {
  const from = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const { limit } = page;
  if (limit === undefined) return { batches: presented(kept(keysetBatches(source.read, from), source.keep), source.present) };
  // One row more than asked tells whether another page follows. Where `keep` drops rows, a
  // batch is read whole: a page of 20 matches may lie among hundreds of rows, and each statement
  // costs far more than the rows it reads (issue 21 "Search for every query").
  const rows: Row[] = [];
  const batchRows = source.keep ? Math.max(limit + 1, LIST_BATCH_ROWS) : limit + 1;
  for await (const batch of kept(keysetBatches(source.read, from, batchRows), source.keep)) {
    rows.push(...batch);
    if (rows.length > limit) break;
  }
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return { batches: once(await source.present(pageRows)), nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}

async function* once<Item>(items: Item[]): AsyncGenerator<Item[]> {
  yield items;
}

/** Text is handed to the socket in pieces of about this many characters: few writes, none large. */
const PIECE_CHARS = 64 * 1024;

/**
 * Sends `list` as a JSON array of `item`, each written by the compiled serializer of that
 * schema (compiled-json.ts), as the route's response schema would have it. The first batch
 * is read before the status and headers go, so a refusal or a failure up to there is still a
 * {message} answer (http/errors.ts); a failure after can only cut the reply short, which the
 * client sees as JSON that does not parse, never as a shorter list.
 */
export async function sendList<Schema extends z.ZodType>(reply: FastifyReply, item: Schema, list: ListReply<z.output<Schema>>): Promise<FastifyReply> {
  const batches = list.batches[Symbol.asyncIterator]();
  const first = await batches.next();
  if (list.nextCursor) reply.header(NEXT_CURSOR_HEADER, list.nextCursor);
  return reply.type('application/json; charset=utf-8').send(Readable.from(jsonArray(item, first, batches), { objectMode: false }));
}

async function* jsonArray<Schema extends z.ZodType>(
  item: Schema,
  first: IteratorResult<z.output<Schema>[]>,
  batches: AsyncIterator<z.output<Schema>[]>,
): AsyncGenerator<string> {
  const serialize = compiledJson(item);
  let text = '[';
  let separator = '';
  try {
    for (let next = first; !next.done; next = await batches.next()) {
      for (const value of next.value) {
        text += separator + serialize(value);
        separator = ',';
        if (text.length >= PIECE_CHARS) {
          yield text;
          text = '';
        }
      }
    }
    yield `${text}]`;
  } finally {
    // Ended early (the client went, or the stream was destroyed): no further batch is read.
    await batches.return?.();
  }
}
