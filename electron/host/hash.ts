import { createHash } from 'node:crypto';

/** Content hash used to tell whether a file changed on disk since the host loaded it. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
