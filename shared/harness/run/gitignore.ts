import { globMatcher } from '../../safe-regex/linear-glob.js';

/**
 * A small .gitignore matcher (one file, at the listing's root): comments, blank lines, `!`
 * negation, a trailing `/` for folders only, patterns with a slash anchored to the root, the
 * others matched against any path segment's name. Later rules win.
 */
export type IgnoreTest = (rel: string, isFolder: boolean) => boolean;

export function gitignoreMatcher(text: string): IgnoreTest {
  const rules: { negate: boolean; folderOnly: boolean; test: (rel: string) => boolean }[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    let line = rawLine.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    const folderOnly = line.endsWith('/');
    if (folderOnly) line = line.slice(0, -1);
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    if (line === '') continue;
    const match = globMatcher(line, { dot: true });
    const test = anchored ? (rel: string): boolean => match(rel) : (rel: string): boolean => match(rel.split('/').pop() ?? rel);
    rules.push({ negate, folderOnly, test });
  }
  return (rel, isFolder) => {
    let ignored = false;
    for (const r of rules) {
      if (r.folderOnly && !isFolder) continue;
      if (r.test(rel)) ignored = !r.negate;
    }
    return ignored;
  };
}
