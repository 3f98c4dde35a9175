// The search index (issue 10 "Search"; DESIGN "Growing past one machine"), built here for
// the memories that already exist and kept in step with every later write by the database
// itself, inside the transaction that writes the memory. text-search.ts asks it.
//
// SQLite: an FTS5 table with the trigram tokenizer (substrings, not only whole words). It is
// contentless (the text stays in memories alone) with contentless_delete, so triggers can
// drop a memory's entry without repeating its old text. Its rowids come from
// memory_search_rows, an INTEGER PRIMARY KEY that VACUUM keeps, unlike the implicit rowid of
// memories (whose key is text). The tokenizer folds ASCII case and the Kelvin sign as
// JavaScript does but keeps 'İ', so the triggers hand it 'i' instead (text-search.ts says why).
//
// PostgreSQL: a pg_trgm GIN index on the three texts joined and folded with translate(), the
// very expression text-search.ts queries. The extension belongs to the whole database, so it
// goes into public when that exists: made inside one app's schema it would vanish with that
// schema and take other schemas' indexes along (tests run one schema per file).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await postgresIndex(db);
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  else await db.transaction().execute(sqliteIndex);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

const foldedIndexText = (column: string) => `replace(${column}, '\u0130', 'i')`;

async function sqliteIndex(db: Kysely<any>): Promise<void> {
  await sql`create table memory_search_rows (id integer primary key, memory_id text not null unique)`.execute(db);
  await sql`create virtual table memory_search using fts5(title, content, transcription, content='', contentless_delete=1, tokenize='trigram')`.execute(db);

  const values = (row: 'new' | 'm') => sql.raw(['title', 'content', 'transcription'].map((column) => foldedIndexText(`${row}.${column}`)).join(', '));
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

  // The memories written before this migration.
  await sql`insert into memory_search_rows (memory_id) select id from memories`.execute(db);
  await sql`insert into memory_search (rowid, title, content, transcription)
    select memory_search_rows.id, ${values('m')} from memories m join memory_search_rows on memory_search_rows.memory_id = m.id`.execute(db);
}

async function postgresIndex(db: Kysely<any>): Promise<void> {
  // Two schemas migrating at once (tests) would both try to create the extension.
  await sql`select pg_advisory_xact_lock(hashtext('heirloom pg_trgm'))`.execute(db);
  const { rows: publicSchema } = await sql<{ exists: boolean }>`select exists (select 1 from pg_namespace where nspname = 'public') as exists`.execute(db);
  if (publicSchema[0]?.exists) await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  else await sql`create extension if not exists pg_trgm`.execute(db);
  // Wherever it was made (perhaps long before, by an administrator), its operator class is named there.
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const trigramOps = sql`${sql.id(rows[0]!.schema)}.gin_trgm_ops`;
  await sql`create index memories_search_idx on memories using gin ((translate(title || ${sql.lit('\n')} || content || ${sql.lit('\n')} || transcription, ${sql.lit('ABCDEFGHIJKLMNOPQRSTUVWXYZ\u212a\u0130')}, ${sql.lit('abcdefghijklmnopqrstuvwxyzki')})) ${trigramOps})`.execute(db);
}
