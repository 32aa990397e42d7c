/**
 * The app's commands as the palette and the shortcut sheet see them: registered once at the
 * start (app/commands.ts holds the list), so a view lists them without knowing the features
 * they come from. And the matching both need: key events by name, fuzzy queries.
 */
export interface CommandEntry {
  id: string;
  title: string;
  keys?: string;
  run(): void;
}

let registered: readonly CommandEntry[] = [];

export function registerCommands(commands: readonly CommandEntry[]): void {
  registered = commands;
}

export function registeredCommands(): readonly CommandEntry[] {
  return registered;
}

/** Normalised name of a key event, e.g. `Ctrl+Shift+D` (Cmd counts as Ctrl). */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'code'>): string {
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('Ctrl');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey) parts.push('Shift');
  let key = e.key;
  if (e.code.startsWith('Key')) key = e.code.slice(3);
  else if (e.code === 'BracketRight') key = ']';
  else if (e.code === 'BracketLeft') key = '[';
  else if (key.length === 1) key = key.toUpperCase();
  parts.push(key);
  return parts.join('+');
}

/** Case-insensitive subsequence match, scored: consecutive and word-start hits count more. */
export function fuzzyScore(query: string, text: string): number {
  if (!query) return 1;
  const q = query.toLowerCase();
  const t = text.toLowerCase();
  let score = 0;
  let ti = 0;
  let prev = -2;
  for (const ch of q) {
    const i = t.indexOf(ch, ti);
    if (i < 0) return 0;
    score += i === prev + 1 ? 3 : 1;
    if (i === 0 || /[\s:·/_-]/.test(t[i - 1]!)) score += 2;
    prev = i;
    ti = i + 1;
  }
  return score;
}

/**
 * How well a query matches an entry of the palette: every word of the query (split at spaces
 * and `·`) must match one of the entry's texts (its title or its hint) as a subsequence; 0
 * when one does not. "gpt-5 templ" finds variants/gpt-5/template.md, "xs · template" finds
 * "xs · template.md".
 */
export function matchScore(query: string, texts: readonly string[]): number {
  const words = query.split(/[\s·]+/).filter(Boolean);
  if (words.length === 0) return 1;
  let total = 0;
  for (const word of words) {
    const best = Math.max(...texts.map((t) => fuzzyScore(word, t)));
    if (best <= 0) return 0;
    total += best;
  }
  return total;
}
