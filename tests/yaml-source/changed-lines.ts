import { diffLines } from 'diff';

/** The lines an edit changed, as in a unified diff's body: `-old` and `+new` lines, nothing else. */
export function changedLines(before: string, after: string): string[] {
  const out: string[] = [];
  for (const part of diffLines(before, after)) {
    if (!part.added && !part.removed) continue;
    for (const line of part.value.replace(/\n$/, '').split('\n')) out.push(`${part.added ? '+' : '-'}${line}`);
  }
  return out;
}
