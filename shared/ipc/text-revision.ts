/**
 * Revisions of a document's text. Each text a document takes in the host has an id: one the
 * host makes (a document read from disk, a revert, a disk change), or the one the window that
 * made the edit gave it (doc:update's `revision`). An edit says which revision it was made on
 * (`base`); the host refuses one made on a text it no longer holds — another window edited the
 * document in between — instead of letting the later save keep only one window's work. Ids
 * are compared, never computed from the text: a keystroke costs the same in a 1 MB document
 * as in a small one.
 */

/**
 * A source of unique revision ids: `prefix` names the process or window that makes them (a
 * random string, so that ids of two windows, or of a host before and after a restart, never
 * meet), the counter tells its ids apart.
 */
export function revisionIds(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}.${(++n).toString(36)}`;
}
