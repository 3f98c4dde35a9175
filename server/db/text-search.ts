// Narrowing a search to the memories whose text may hold its words (issue 10 "Search"), on
// each dialect's index: SQLite FTS5 with the trigram tokenizer, PostgreSQL pg_trgm (both
// built by migrations/0005_search_index.ts). The rule itself is common/search.ts
// matchesSearch, applied by the caller to what this lets through; this only makes it fast.
//
// The index must never lose a memory the rule keeps. The rule lower-cases with JavaScript,
// and the databases fold case their own way (SQLite's trigram tokenizer by its Unicode
// table, PostgreSQL's lower() by the database's locale: 'I' is 'ı' in Turkish, 'ß', final
// 'ς', 'İ' becoming two characters...). So the database is only ever asked for the runs of
// plain ASCII inside each word, on text folded in a way that agrees with JavaScript on
// them: A-Z to a-z, and the only two other characters JavaScript lowers to ASCII, the
// Kelvin sign (to 'k') and 'İ' (to 'i' and a combining dot). The trigram tokenizer folds the
// Kelvin sign itself and is handed 'İ' as 'i' by the triggers; the LIKE forms below fold
// both by hand. Whatever JavaScript finds, the database then finds too; accents and every
// other character are left to the rule.
import { sql, type Expression, type SqlBool } from 'kysely';
import { isPostgres } from './columns.js';
import type { Db } from './index.js';

/** A trigram index can only look for runs of at least three characters. */
const TRIGRAM = 3;

/** Printable ASCII, the space excepted (words hold none); control characters break a run too. */
const ASCII_RUN = /[\x21-\x7e]+/g;

/**
 * The runs of printable ASCII in the (lower-cased) search words: every one is inside the
 * lower-cased text of a memory the rule keeps. Runs already inside a longer one add nothing.
 */
function searchTerms(words: readonly string[]): string[] {
  const runs = [...new Set(words.flatMap((word) => word.match(ASCII_RUN) ?? []))].sort((a, b) => b.length - a.length);
  return runs.filter((run, index) => !runs.slice(0, index).some((longer) => longer.includes(run)));
}

/**
 * A condition on `memories` that every memory holding all of `words` meets (in its title,
 * content or transcription), or undefined when the words give the database nothing to look
 * for (only accented or other non-ASCII letters). Through the index when a run is long
 * enough for trigrams; otherwise a LIKE over the rows the rest of the query keeps.
 */
export function mayContainWords(db: Db, words: readonly string[]): Expression<SqlBool> | undefined {
  const terms = searchTerms(words);
  const indexed = terms.filter((term) => term.length >= TRIGRAM);
  if (indexed.length > 0) return isPostgres(db) ? allLike(postgresText, indexed) : ftsMatch(indexed);
  if (terms.length > 0) return allLike(isPostgres(db) ? postgresText : sqliteText, terms);
  return undefined;
}

/** The memory's three texts, each on a line of its own (a word holds no line break, so no match spans two). */
const joined = sql`memories.title || ${sql.lit('\n')} || memories.content || ${sql.lit('\n')} || memories.transcription`;

/**
 * PostgreSQL: the text the pg_trgm index is built on, exactly as migrations/0005 writes it
 * (a different expression would not use the index). translate() folds the same way in every
 * locale, where lower() does not.
 */
const postgresText = sql<string>`translate(${joined}, ${sql.lit('ABCDEFGHIJKLMNOPQRSTUVWXYZ\u212a\u0130')}, ${sql.lit('abcdefghijklmnopqrstuvwxyzki')})`;

/** SQLite: LIKE already ignores ASCII case; the Kelvin sign and 'İ' are folded by hand. */
const sqliteText = sql<string>`replace(replace(${joined}, ${sql.lit('\u212a')}, 'k'), ${sql.lit('\u0130')}, 'i')`;

/** LIKE's own characters, written as themselves. */
const likeEscaped = (term: string) => term.replace(/[\\%_]/g, (special) => `\\${special}`);

function allLike(text: Expression<string>, terms: string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.join(
    terms.map((term) => sql`${text} like ${`%${likeEscaped(term)}%`} escape ${sql.lit('\\')}`),
    sql` and `,
  )}`;
}

/**
 * SQLite: each term a quoted FTS5 phrase (a quote inside doubled), all of them required, in
 * any of the three columns. The FTS table's rowids map to memories through memory_search_rows.
 */
function ftsMatch(terms: string[]): Expression<SqlBool> {
  const query = terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
  return sql<SqlBool>`memories.id in (select memory_search_rows.memory_id from memory_search_rows where memory_search_rows.id in (select memory_search.rowid from memory_search where memory_search match ${query}))`;
}
