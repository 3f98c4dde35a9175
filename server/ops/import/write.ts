// Writing a verified archive into an instance (issue 25 "Bringing it back"), or with
// `apply: false` walking the same way and counting what it would add (--dry-run).
// Safe to run again after being killed anywhere: every row goes in with the archive's own id
// only when that id is absent ("already there" otherwise), and a record's files are stored
// at keys made from their media ids BEFORE the transaction that writes the rows naming them,
// so a kill leaves at most files no row names, which the rerun writes again at the same keys.
import { sql } from 'kysely';
import type { ArchiveFile, ArchiveHeader } from '../../../common/archive-format.js';
import type { Db } from '../../db/index.js';
import { flag } from '../../db/flags.js';
import type { Database } from '../../db/schema.js';
import type { MediaStore } from '../../providers/storage/index.js';
import { isReservedEmail, reservedEmailOf } from '../../users/index.js';
import { OpsError } from '../errors.js';
import type { Bag } from './bag.js';
import { noCounts, type ImportCounts, type ImportResult, type MetPerson } from './counts.js';
import { keyOfFile } from './keys.js';
import { recordsOf } from './records.js';
import type { Verified } from './verify.js';
import { writeMemories } from './write-memories.js';

export interface ImportRun {
  /** Null on a dry run against a database not made yet: nothing is there. */
  db: Db | null;
  media: MediaStore;
  bag: Bag;
  header: ArchiveHeader;
  /** False: count only (--dry-run). */
  apply: boolean;
  counts: ImportCounts;
  /** The archive's person id → the account here that stands for them (their own id, or the one matched by e-mail). */
  people: Map<string, string>;
  /** People this run creates (or would). */
  created: Set<string>;
  /** A line of progress, for an archive that takes a while. */
  log: (line: string) => void;
}

export interface ImportTarget {
  db: Db | null;
  media: MediaStore;
  log?: (line: string) => void;
}

export async function importBag({ log = () => {}, ...target }: ImportTarget, bag: Bag, verified: Verified, apply: boolean): Promise<ImportResult> {
  const run: ImportRun = { ...target, log, bag, header: verified.header, apply, counts: noCounts(), people: new Map(), created: new Set() };
  const matched: MetPerson[] = [];
  const withoutPassword: MetPerson[] = [];
  await writePeople(run, matched, withoutPassword);
  await writeFamilies(run);
  await writeTimelines(run);
  await writeMemberships(run);
  await writeMemories(run);
  return { counts: run.counts, matched, withoutPassword };
}

/** The account here that stands for the archive's person. */
export const personOf = (run: ImportRun, id: string): string => run.people.get(id) ?? id;

export async function exists(run: ImportRun, table: keyof Database, where: Record<string, string>): Promise<boolean> {
  if (!run.db) return false;
  const conditions = sql.join(Object.entries(where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`), sql` and `);
  const { rows } = await sql`select 1 from ${sql.table(table)} where ${conditions} limit 1`.execute(run.db);
  return rows.length > 0;
}

/** Which of `ids` the table holds already. */
export async function presentIds(run: ImportRun, table: 'media' | 'follow_up_responses' | 'listen_links', ids: string[]): Promise<Set<string>> {
  if (!run.db || ids.length === 0) return new Set();
  const rows = await run.db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Streams the file into the store at its key; answers the key. */
export async function storeFile(run: ImportRun, file: ArchiveFile): Promise<string> {
  const key = keyOfFile(file);
  run.counts.files.added++;
  if (!run.apply) return key;
  const { size } = await run.media.put(key, await run.bag.stream(`data/${file.path}`), { contentType: file.mimeType });
  if (size !== file.bytes) throw new OpsError(`data/${file.path}: stored ${size} bytes, and its record says ${file.bytes}`);
  return key;
}

/** A file's media row (a memory's, a comment's or an avatar's). */
export function mediaRow(run: ImportRun, file: ArchiveFile, memoryId: string | null) {
  return {
    id: file.mediaId,
    memory_id: memoryId,
    owner_id: personOf(run, file.ownerId),
    kind: file.kind,
    storage_key: keyOfFile(file),
    mime_type: file.mimeType,
    size: file.bytes,
    width: file.width,
    height: file.height,
    duration: file.durationSeconds,
    position: file.position,
    created_at: file.createdAt,
  };
}

const nameOf = (person: { displayName: string | null; firstName: string | null; lastName: string | null; id: string }) =>
  person.displayName || [person.firstName, person.lastName].filter(Boolean).join(' ') || person.id;

async function writePeople(run: ImportRun, matched: MetPerson[], withoutPassword: MetPerson[]): Promise<void> {
  for await (const person of recordsOf(run.bag, 'people')) {
    // The same id is the same person: an earlier import of theirs, or a move back.
    if (await exists(run, 'users', { id: person.id })) {
      run.people.set(person.id, person.id);
      run.counts.people.already++;
      continue;
    }
    // A reserved address (someone an earlier import created without one, exported again) is
    // no address: matching by it would take a stranger for a storyteller of this instance.
    const address = person.email && !isReservedEmail(person.email) ? person.email : null;
    const account = address && run.db
      ? await run.db.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', address.toLowerCase())).executeTakeFirst()
      : undefined;
    if (address && account) {
      run.people.set(person.id, account.id);
      run.counts.people.already++;
      matched.push({ name: nameOf(person), email: address });
      continue;
    }
    run.people.set(person.id, person.id);
    run.created.add(person.id);
    run.counts.people.added++;
    // A storyteller has no sign-in, and someone whose address the exporter was never shown
    // cannot be reached by one: both hold the reserved address no one can sign in with
    // (users/reserved-address.ts), so they are authors and members here, and never an
    // account someone else could claim by that person's name.
    const email = address ?? reservedEmailOf(person.id);
    if (address) withoutPassword.push({ name: nameOf(person), email: address });
    const avatarKey = person.avatar ? await storeFile(run, person.avatar) : null;
    if (!run.apply || !run.db) continue;
    await run.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({
        id: person.id,
        email,
        password_hash: null,
        display_name: person.displayName,
        first_name: person.firstName,
        last_name: person.lastName,
        profile_image_key: avatarKey,
        // No foreign key (migration 0001): families.jsonl, next, brings the family.
        family_id: person.familyId,
        default_timeline_id: null,
        is_storyteller: flag(person.isStoryteller),
        created_at: person.createdAt,
        updated_at: person.createdAt,
      }).execute();
      if (person.avatar) await trx.insertInto('media').values(mediaRow(run, person.avatar, null)).execute();
    });
  }
}

async function writeFamilies(run: ImportRun): Promise<void> {
  for await (const family of recordsOf(run.bag, 'families')) {
    if (await exists(run, 'families', { id: family.id })) {
      run.counts.families.already++;
      continue;
    }
    run.counts.families.added++;
    if (!run.apply || !run.db) continue;
    await run.db.insertInto('families').values({
      id: family.id,
      name: family.name,
      // verify.ts: with no creator named, the exporter is among the people.
      created_by: personOf(run, family.createdBy ?? run.header.exportedBy.id),
      created_at: family.createdAt,
    }).execute();
  }
}

async function writeTimelines(run: ImportRun): Promise<void> {
  for await (const timeline of recordsOf(run.bag, 'timelines')) {
    if (await exists(run, 'timelines', { id: timeline.id })) {
      run.counts.timelines.already++;
      continue;
    }
    run.counts.timelines.added++;
    if (!run.apply || !run.db) continue;
    await run.db.insertInto('timelines').values({
      id: timeline.id,
      name: timeline.name,
      description: timeline.description,
      color: timeline.color,
      icon: timeline.icon,
      // An account already here keeps the one default timeline it has.
      is_default: flag(timeline.isDefault && run.created.has(timeline.ownerId)),
      user_id: personOf(run, timeline.ownerId),
      created_at: timeline.createdAt,
    }).execute();
  }
}

async function writeMemberships(run: ImportRun): Promise<void> {
  for await (const membership of recordsOf(run.bag, 'memberships')) {
    const userId = personOf(run, membership.personId);
    if (await exists(run, 'timeline_members', { timeline_id: membership.timelineId, user_id: userId })) {
      run.counts.memberships.already++;
      continue;
    }
    run.counts.memberships.added++;
    if (!run.apply || !run.db) continue;
    await run.db.insertInto('timeline_members').values({ timeline_id: membership.timelineId, user_id: userId, joined_at: membership.joinedAt }).execute();
  }
}
