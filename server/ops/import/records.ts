// The records of a bag's data/records/*.jsonl, one line at a time against its schema
// (common/archive-format.ts): verification names each bad line, writing reads them again.
import type { z } from 'zod';
import { bagPaths, recordSchemas, type RecordFile } from '../../../common/archive-format.js';
import type { Bag } from './bag.js';

export type RecordOf<N extends RecordFile> = z.infer<(typeof recordSchemas)[N]>;

export type ReadRecord<N extends RecordFile> = { ok: true; name: N; record: RecordOf<N>; line: number } | { ok: false; problem: string; line: number };

/** A schema's refusal in a line: each issue's field and message. */
export const issuesOf = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ');

/** Every line of the record file (none when the bag has no such file); blank lines are no records. */
export async function* eachRecord<N extends RecordFile>(bag: Bag, name: N): AsyncIterable<ReadRecord<N>> {
  const path = bagPaths.records(name);
  if (!bag.has(path)) return;
  const schema = recordSchemas[name];
  for await (const { line, number } of bag.lines(path)) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      yield { ok: false, problem: 'not JSON', line: number };
      continue;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) yield { ok: true, name, record: parsed.data as RecordOf<N>, line: number };
    else yield { ok: false, problem: issuesOf(parsed.error), line: number };
  }
}

/** The records of a verified bag, where a bad line cannot be. */
export async function* recordsOf<N extends RecordFile>(bag: Bag, name: N): AsyncIterable<RecordOf<N>> {
  for await (const read of eachRecord(bag, name)) {
    if (!read.ok) throw new Error(`${bagPaths.records(name)} line ${read.line}: ${read.problem}, after it was verified`);
    yield read.record;
  }
}
