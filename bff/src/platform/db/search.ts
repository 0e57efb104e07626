// The SQL pieces every text search shares: a LIKE pattern that takes the user's text literally, and the owner's
// search keys (Migration20261127100000OwnerSearchKeys, decision 0021).

/** `%text%` for LIKE with the user's `\`, `%` and `_` escaped: the text itself, never a wildcard of theirs. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The rows of `ownerId` whose search text holds `word` (three characters or more): the owner's search keys find the
 * candidates on the GIN index, the LIKE keeps the exact meaning. `alias` prefixes the columns (`x.`), and must be the
 * table the index is on for it to be used.
 */
export function ownerSearchKeysMatch(ownerId: string, word: string, alias = ''): { sql: string; params: unknown[] } {
  return {
    sql: `owner_search_keys(${alias}"owner_id", ${alias}"search_text") @> owner_search_keys(?, ?) and ${alias}"search_text" like ?`,
    params: [ownerId, word, containsPattern(word)],
  };
}
