/**
 * The revision of a document's text: a short fingerprint of the content (its length and two
 * 32-bit FNV-1a hashes over the UTF-16 units). An edit says which revision it was made on
 * (doc:update's `base`); the host refuses one made on a text it no longer holds — another
 * window edited the document in between — instead of letting the later save keep only one
 * window's work. The same function runs in the renderer and the host.
 */
export function textRevision(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return `${text.length.toString(36)}.${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}
