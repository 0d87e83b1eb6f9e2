import { and, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { escapeLike } from './lists.js';

/**
 * The one search of every list, picker, board and the header: what people type, found the way they
 * mean it. Each word of the query must occur somewhere in one of the texts, in any case and with or
 * without its accents ("zeljo" finds Ćevabdžinica Željo, "hadzic amir" finds Amir Hadžić); codes such
 * as order numbers match by any part ("2601", "D1126", "#d11260" find D112601).
 *
 * Both sides go through search_text() (migration 0016: lower case of unaccent, IMMUTABLE), and the
 * large tables have GIN trigram indexes on exactly the expressions searched here, so a search reads
 * the index instead of every row: keep a searched text in step with its index.
 */

/** At most this many words count; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 5;

/** The words of a query (none for blank text). */
export const searchWords = (q: string | undefined): string[] =>
  (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);

/** A text as it is searched and indexed: lower case, without accents. */
export const searchText = (text: SQLWrapper): SQL => sql`search_text(${text})`;

/** The condition "contains this word", case and accents aside. */
const contains = (text: SQLWrapper, word: unknown): SQL =>
  sql`search_text(${text}) like '%' || search_text(${word}) || '%'`;

type Codes = { column: SQLWrapper; normalize?: (q: string) => string }[];
/** How a searched value enters the SQL: as a parameter of its own, or as a named placeholder. */
type Value = (name: string, value: string) => unknown;

function searchCondition(q: string | undefined, texts: SQLWrapper[], codes: Codes, value: Value) {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const byWords = texts.length
    ? and(...words.map((word, i) => or(...texts.map((t) => contains(t, value(`w${i}`, escapeLike(word)))))))
    : undefined;
  const byCode = codes.flatMap(({ column, normalize = codePart }, j) => {
    const code = normalize(q ?? '');
    return code ? [sql`${column} like ${value(`c${j}`, `%${escapeLike(code)}%`)}`] : [];
  });
  return or(byWords, ...byCode);
}

/**
 * Every word of `q` in one of `texts` (columns or expressions); undefined when `q` is blank, so it
 * drops out of an `and(...)`. `codes` are upper-case codes (order numbers, normalized plates) matched
 * by any part of the query written without spaces, dashes or a leading '#'.
 */
export function textSearch(q: string | undefined, texts: SQLWrapper[], codes: Codes = []): SQL | undefined {
  return searchCondition(q, texts, codes, (_name, value) => value);
}

/**
 * textSearch for a statement built once per shape (lib/sql.ts preparedShape): the same condition with
 * named placeholders, the values to execute it with, and its shape (which words and codes it has).
 */
export function textSearchPlaceholders(q: string | undefined, texts: SQLWrapper[], codes: Codes = []) {
  const values: Record<string, string> = {};
  const where = searchCondition(q, texts, codes, (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  });
  return { where, values, shape: Object.keys(values).join(',') };
}

/** A query as part of a code: upper case, without spaces, dashes or a leading '#'. */
export const codePart = (q: string): string => q.trim().replace(/^#/, '').replace(/[\s-]/g, '').toUpperCase();

/** A query that can only be (part of) an order number: digits, optionally after the D. */
export const looksLikeOrderNumber = (q: string): boolean => /^D?\d+$/.test(codePart(q));

/** A person's "first last" name as searched: the expression of the users' name index. */
export const fullName = (person: { first_name: SQLWrapper; last_name: SQLWrapper }): SQL =>
  sql`${person.first_name} || ' ' || ${person.last_name}`;
