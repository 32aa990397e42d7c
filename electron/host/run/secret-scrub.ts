/**
 * Keys never leave the client in anything it returns: whatever a server sends back (an error
 * that quotes the key, a reply that echoes a header) has every occurrence of the key replaced
 * before it becomes a message, an event or a recording.
 */
export const KEY_MARK = '<key>';

export function scrubSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4 || !text.includes(secret)) return text;
  return text.split(secret).join(KEY_MARK);
}
