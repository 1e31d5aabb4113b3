/**
 * What a search box sends, before it reaches the SQL of server/db/search.ts (decision 024): the
 * services tidy it here and answer an unsearched list when nothing is left.
 */

/** At most this many characters reach the database: a search box, not a document. */
export const SEARCH_TEXT_MAX = 100;

/**
 * What a person typed, tidied: spaces collapsed, trimmed, cut to SEARCH_TEXT_MAX; null when
 * nothing with a letter or a digit is left, so that the list is shown unsearched.
 */
export function searchText(raw: string | undefined | null): string | null {
  const text = raw?.replace(/\s+/g, ' ').trim().slice(0, SEARCH_TEXT_MAX).trim();
  return text && /[\p{L}\p{N}]/u.test(text) ? text : null;
}
