// Search for every query (issue 21): the index asked for what people type, not every memory's
// text read (db/text-search.ts).
//
// SQLite: a fragment of two letters through the index too.
// A trigram index holds every run of three characters, so two letters are found as the start
// of a trigram: "ha" is in a memory exactly when one of its trigrams begins with "ha". That
// fails only where the two letters end a text, so each text is now indexed with a line break
// after it (a word holds none, so no search term can span it). The index's own list of its
// trigrams, memory_search_terms (fts5vocab, no storage of its own), gives those that begin with
// the two letters, in order, as a range. The FTS5 table is rebuilt for the padding, with the
// triggers of 0005 otherwise unchanged.
//
// PostgreSQL: the planner never used 0005's index. It counts translate() over three texts as
// one cheap operator, so reading every memory and folding each text looked cheaper than the
// index: 'halhal' among 10 000 memories read them all, 0.6 s. The same folding, as a function
// the planner cannot see into (PL/pgSQL is never inlined) and is told is costly, weighs what
// it costs, and the index on it is chosen.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return costlyFolding(db);
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  await db.transaction().execute(paddedIndex);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

/** As 0005 hands a text to the tokenizer ('İ' as 'i'), then the line break after it. */
const indexedText = (column: string) => `replace(${column}, '\u0130', 'i') || char(10)`;

async function paddedIndex(db: Kysely<any>): Promise<void> {
  for (const trigger of ['memories_search_insert', 'memories_search_update', 'memories_search_delete']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table memory_search`.execute(db);
  await sql`create virtual table memory_search using fts5(title, content, transcription, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`create virtual table memory_search_terms using fts5vocab(memory_search, 'row')`.execute(db);

  const values = (row: 'new' | 'm') => sql.raw(['title', 'content', 'transcription'].map((column) => indexedText(`${row}.${column}`)).join(', '));
  const rowOf = (row: 'new' | 'old') => sql.raw(`(select id from memory_search_rows where memory_id = ${row}.id)`);
  await sql`create trigger memories_search_insert after insert on memories begin
    insert into memory_search_rows (memory_id) values (new.id);
    insert into memory_search (rowid, title, content, transcription) values (${rowOf('new')}, ${values('new')});
  end`.execute(db);
  await sql`create trigger memories_search_update after update of id, title, content, transcription on memories begin
    delete from memory_search where rowid = ${rowOf('old')};
    update memory_search_rows set memory_id = new.id where memory_id = old.id;
    insert into memory_search (rowid, title, content, transcription) values (${rowOf('new')}, ${values('new')});
  end`.execute(db);
  await sql`create trigger memories_search_delete after delete on memories begin
    delete from memory_search where rowid = ${rowOf('old')};
    delete from memory_search_rows where memory_id = old.id;
  end`.execute(db);

  await sql`insert into memory_search (rowid, title, content, transcription)
    select memory_search_rows.id, ${values('m')} from memories m join memory_search_rows on memory_search_rows.memory_id = m.id`.execute(db);
}

/** As 0005 folds the three texts joined (text-search.ts says why translate(), not lower()). */
const folded = sql`translate(title || ${sql.lit('\n')} || content || ${sql.lit('\n')} || transcription, ${sql.lit('ABCDEFGHIJKLMNOPQRSTUVWXYZ\u212a\u0130')}, ${sql.lit('abcdefghijklmnopqrstuvwxyzki')})`;

async function costlyFolding(db: Kysely<any>): Promise<void> {
  // In the app's own schema, beside its table; a cost per call of 1000 operators, as a few kB of text is.
  // "or replace": a PostgreSQL restore drops the tables and migrates again, and the function outlives them.
  await sql`create or replace function heirloom_search_text(title text, content text, transcription text) returns text
    language plpgsql immutable parallel safe cost 1000
    as ${sql.lit(`begin return ${folded.compile(db).sql}; end`)}`.execute(db);
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const trigramOps = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
  // Pending migrations run in one transaction: rows an earlier one changed (0010's audiences)
  // may still owe deferred trigger events (0007's), and PostgreSQL builds no index on a table
  // that does. Deferrable constraints are gone since 0012, so nothing else changes.
  await sql`set constraints all immediate`.execute(db);
  await sql`drop index memories_search_idx`.execute(db);
  await sql`create index memories_search_idx on memories using gin (heirloom_search_text(title, content, transcription) ${trigramOps})`.execute(db);
}
