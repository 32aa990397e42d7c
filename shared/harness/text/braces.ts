/**
 * Brace expansion of a glob (`src/{a,b}/*.ts` -> `src/a/*.ts`, `src/b/*.ts`), nested braces
 * included, within a budget: past it, the caller uses the pattern literally (Claude Code then
 * matches nothing with it). Escaped braces (`\{`) and braces without a comma stay as written.
 */
export interface BraceBudget {
  patterns: number;
  bytes: number;
}

export function expandBraces(pattern: string, budget: BraceBudget): string[] | undefined {
  let out = [pattern];
  for (let guard = 0; guard < 64; guard++) {
    let changed = false;
    const next: string[] = [];
    let bytes = 0;
    for (const p of out) {
      const group = firstGroup(p);
      if (!group) {
        next.push(p);
        bytes += p.length;
        continue;
      }
      changed = true;
      for (const alt of group.alternatives) {
        const expanded = p.slice(0, group.start) + alt + p.slice(group.end);
        next.push(expanded);
        bytes += expanded.length;
        if (next.length > budget.patterns || bytes > budget.bytes) return undefined;
      }
    }
    out = next;
    if (!changed) return out;
  }
  return undefined;
}

/** The first innermost-closing `{...,...}` group, split at its top-level commas. */
function firstGroup(p: string): { start: number; end: number; alternatives: string[] } | undefined {
  const stack: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') stack.push(i);
    else if (c === '}' && stack.length > 0) {
      const start = stack.pop() as number;
      const inner = p.slice(start + 1, i);
      const parts = splitTopLevel(inner);
      if (parts.length > 1) return { start, end: i + 1, alternatives: parts };
    }
  }
  return undefined;
}

/** Splits at commas outside braces (`a/{b,c}, d` -> `a/{b,c}`, ` d`). */
export function splitTopLevel(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(inner.slice(from));
  return parts;
}
