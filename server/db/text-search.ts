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
//
// On SQLite the runs also take the accented letters of Latin-1 (à to ÿ, 'ß' and '÷' aside):
// every character JavaScript lowers to one of them (its capital, 'Ÿ', the Ångström sign) the
// trigram tokenizer folds to the same letter (search/search.test.ts tries every code point), so
// "tálked" is looked for whole rather than as "lked" in every "walked" (issue 21: 16 000
// memories read to answer none, at 100 000). LIKE folds ASCII only, so it is asked for ASCII.
import { sql, type Expression, type SqlBool } from 'kysely';
import { isPostgres } from './columns.js';
import type { Db } from './index.js';

/** A trigram index looks for runs of three characters; SQLite's finds a pair as the start of one (migrations/0013). */
const TRIGRAM = 3;
const PAIR = 2;

/** Printable ASCII, the space excepted (words hold none); control characters break a run too. */
const ASCII_RUN = /[\x21-\x7e]+/g;
const ASCII = /^[\x21-\x7e]+$/;
/** SQLite: the same, and the lower-case accented letters of Latin-1 that fold alike (see above). */
export const FOLDED_RUN = /[\x21-\x7e\u00e0-\u00f6\u00f8-\u00ff]+/g;

/**
 * The runs of `run`'s characters in the (lower-cased) search words: every one is inside the
 * lower-cased text of a memory the rule keeps. Runs already inside a longer one add nothing.
 */
function searchTerms(words: readonly string[], run: RegExp): string[] {
  const runs = [...new Set(words.flatMap((word) => word.match(run) ?? []))].sort((a, b) => b.length - a.length);
  return runs.filter((term, index) => !runs.slice(0, index).some((longer) => longer.includes(term)));
}

/**
 * How SQLite is to use what the index finds. 'lookup': each memory it finds is looked up, and
 * the rest of the query orders them; for every candidate of a word at once. 'filter': the index's
 * finds are a set that memories read in the order of their dates are tested against, so a page
 * ends as soon as it is full. Among 100 000 memories, looking up the 5 000 finds of "sister" and
 * ordering them took 60 ms, its first page read in order 10 ms (issue 21).
 */
export type IndexUse = 'lookup' | 'filter';

/**
 * A further condition on a memory's id that SQLite tests on each of the index's finds before it
 * reads the memory (a search with images only: the finds without one are dropped by their id).
 * Only a narrowing, as the rest: the caller's query keeps its own form of the condition.
 */
export type AmongFinds = (memoryId: Expression<string>) => Expression<SqlBool>;

/**
 * A condition on `memories` that every memory holding all of `words` meets (in its title,
 * content or transcription), or undefined when the words give the database nothing to look
 * for (only letters it cannot fold as JavaScript does). Through the index for the runs of three
 * characters or more; without one, on SQLite, for those of two; otherwise a LIKE over the rows
 * the rest of the query keeps, which reads every one of them (issue 21: a two-letter fragment
 * that is nowhere, 'qw', read all 10 000 memories' texts, 13 ms, and ten times as long at
 * 100 000; PostgreSQL's pg_trgm cannot look for two characters).
 */
export function mayContainWords(db: Db, words: readonly string[], use: IndexUse = 'lookup', among?: AmongFinds): Expression<SqlBool> | undefined {
  const terms = searchTerms(words, isPostgres(db) ? ASCII_RUN : FOLDED_RUN);
  const trigrams = terms.filter((term) => term.length >= TRIGRAM);
  if (trigrams.length > 0) return isPostgres(db) ? allLike(postgresText, trigrams) : ftsMatch(trigrams, use, among);
  // Two letters narrow little beside a longer word (the rule decides them), so only alone.
  const pairs = terms.filter((term) => term.length === PAIR);
  if (pairs.length > 0 && !isPostgres(db)) return ftsMatch(pairs, use, among);
  const ascii = terms.filter((term) => ASCII.test(term));
  if (ascii.length > 0) return allLike(isPostgres(db) ? postgresText : sqliteText, ascii);
  return undefined;
}

/** The memory's three texts, each on a line of its own (a word holds no line break, so no match spans two). */
const joined = sql`memories.title || ${sql.lit('\n')} || memories.content || ${sql.lit('\n')} || memories.transcription`;

/**
 * PostgreSQL: the text the pg_trgm index is built on, exactly as migrations/0013 writes it
 * (a different expression would not use the index): the three texts joined as above, folded
 * by translate(), which folds the same way in every locale, where lower() does not.
 */
const postgresText = sql<string>`heirloom_search_text(memories.title, memories.content, memories.transcription)`;

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

/** A quoted FTS5 phrase: the characters as they are, a quote inside doubled. */
const phrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * SQLite: all of the terms, in any of the three columns. A term of three characters or more
 * is a quoted FTS5 phrase; one of two, any of the trigrams that begin with it, which the
 * index's own list gives as a range (migrations/0013: each text ends with a line break, so two
 * characters at its end begin one too); none there, a phrase that matches nothing. The FTS
 * table's rowids map to memories through memory_search_rows.
 */
function ftsMatch(terms: string[], use: IndexUse, among?: AmongFinds): Expression<SqlBool> {
  // A unary + keeps SQLite from looking memories up by this column, so it reads them in order instead.
  const id = use === 'filter' ? sql`+memories.id` : sql`memories.id`;
  const kept = among ? sql` and ${among(sql.ref('memory_search_rows.memory_id'))}` : sql``;
  return sql<SqlBool>`${id} in (select memory_search_rows.memory_id from memory_search_rows where memory_search_rows.id in (select memory_search.rowid from memory_search where memory_search match ${ftsQuery(terms)})${kept})`;
}

/** The FTS5 query of ftsMatch. */
function ftsQuery(terms: string[]) {
  const parts = terms.map((term) => {
    if (term.length >= TRIGRAM) return sql`${phrase(term)}`;
    const after = term[0]! + String.fromCharCode(term.charCodeAt(1) + 1);
    const trigrams = sql`select group_concat('"' || replace(memory_search_terms.term, '"', '""') || '"', ' OR ') from memory_search_terms where memory_search_terms.term >= ${term} and memory_search_terms.term < ${after}`;
    return sql`'(' || coalesce((${trigrams}), '""') || ')'`;
  });
  return sql.join(parts, sql` || ' AND ' || `);
}

/**
 * Whether the index finds more than `count` memories that may hold `words` (SQLite: it stops
 * counting there, so asking costs no more than that many finds), which tells which IndexUse
 * serves a page best. With `among`, a condition on `memory_id` (a memory's id), only the finds
 * that meet it count. False when it finds none to look for, and on PostgreSQL, whose trigram
 * index counts only by matching in full and whose planner picks its own way for either form.
 */
export async function indexFindsMoreThan(db: Db, words: readonly string[], count: number, among?: AmongFinds): Promise<boolean> {
  if (isPostgres(db)) return false;
  const terms = searchTerms(words, FOLDED_RUN);
  const trigrams = terms.filter((term) => term.length >= TRIGRAM);
  const indexed = trigrams.length > 0 ? trigrams : terms.filter((term) => term.length === PAIR);
  if (indexed.length === 0) return false;
  const finds = among
    ? sql<{ finds: number }>`select count(*) as finds from (select memory_search_rows.memory_id from memory_search join memory_search_rows on memory_search_rows.id = memory_search.rowid where memory_search match ${ftsQuery(indexed)} and ${among(sql.ref('memory_search_rows.memory_id'))} limit ${count + 1})`
    : sql<{ finds: number }>`select count(*) as finds from (select memory_search.rowid from memory_search where memory_search match ${ftsQuery(indexed)} limit ${count + 1})`;
  const { rows } = await finds.execute(db);
  return Number(rows[0]?.finds ?? 0) > count;
}
