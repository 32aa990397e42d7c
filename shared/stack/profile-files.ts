/** Text files of a profile folder (stack and harness profiles alike). */

/** A profile-relative file path, checked to stay inside the folder; undefined when it escapes. */
export function insideFolder(folder: string, rel: string): string | undefined {
  if (rel.startsWith('/') || rel.includes('\\') || /^[A-Za-z]:/.test(rel)) return undefined;
  const out: string[] = [];
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return undefined;
      out.pop();
      continue;
    }
    out.push(seg);
  }
  if (out.length === 0) return undefined;
  return folder === '' ? out.join('/') : `${folder}/${out.join('/')}`;
}

/** Files end with a newline by convention; that one newline is not part of the prompt. */
export function stripFinalNewline(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  if (text.endsWith('\n')) return text.slice(0, -1);
  return text;
}
