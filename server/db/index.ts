// Opens the database named by DATABASE_URL: SQLite (embedded default) or PostgreSQL.
// This folder is the only place that knows one dialect from the other.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests give each run its own). */
  schema?: string;
}

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const db = dialectOf(url) === 'postgres' ? openPostgres(url, options) : openSqlite(url);
  return { db, dialect: dialectOf(url), close: () => db.destroy() };
}

function openSqlite(url: string): Db {
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  // DESIGN "Security and durability": an acknowledged write survives a power cut.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

/** Enough for every distinct query the app writes; older ones make room when a query is new. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares each query again on every run, and preparing is a large share of a short
 * read's time (issue 8 benchmark). The app asks a few hundred distinct SQL texts, so each is
 * prepared once and reused. Safe because Kysely runs one query at a time per SQLite connection
 * and reads each result in full (no streaming) before the next.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the oldest is the first to go.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;

function openPostgres(url: string, { schema }: DatabaseOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: schema ? `-c search_path=${schema},public` : undefined,
    // Both dialects hand the services the same shapes: instants as ISO-8601 strings and
    // sizes as numbers (media stays far below 2^53 bytes).
    types: {
      getTypeParser(oid: number, format?: any) {
        if (oid === TIMESTAMPTZ || oid === TIMESTAMP) return (value: string) => new Date(value).toISOString();
        if (oid === INT8) return (value: string) => Number(value);
        return pg.types.getTypeParser(oid, format);
      },
    },
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
