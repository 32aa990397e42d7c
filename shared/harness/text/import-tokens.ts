import { backtickRegions, insideRegion, markdownCodeRegions } from './code-regions.js';

/**
 * `@path` import tokens, in the two syntaxes the agents use. A token is [start, end): the
 * `@` and the path as written.
 */
export interface ImportToken {
  start: number;
  end: number;
  /** The path as written (escapes resolved). */
  path: string;
}

const isBreak = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * Gemini CLI: an `@` at the start of the text or after a space, tab, `\n` or `\r`; the path
 * runs to the next space, tab, `\n` or `\r` (trailing punctuation included) and must start
 * with `.`, `/` or an ASCII letter. Backtick regions hold no imports.
 */
export function geminiImportTokens(text: string, code: 'backticks' | 'markdown' = 'backticks'): ImportToken[] {
  // Qwen Code looks for code as a Markdown lexer does: spans and blocks, not HTML comments.
  const regions = code === 'backticks' ? backtickRegions(text) : markdownCodeRegions(text, { comments: false });
  const out: ImportToken[] = [];
  for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
    if (i > 0 && !isBreak(text.charCodeAt(i - 1))) continue;
    if (insideRegion(regions, i)) continue;
    let e = i + 1;
    while (e < text.length && !isBreak(text.charCodeAt(e))) e++;
    const path = text.slice(i + 1, e);
    if (!/^[./A-Za-z]/.test(path)) continue;
    out.push({ start: i, end: e, path });
  }
  return out;
}

/**
 * Claude Code: an `@` at the start of the text or after whitespace, outside Markdown code and
 * HTML comments; the path runs to the next whitespace, `\ ` standing for a space; trailing
 * punctuation belongs to the path; a quoted path is not an import.
 */
export function claudeImportTokens(text: string): ImportToken[] {
  const regions = markdownCodeRegions(text);
  const out: ImportToken[] = [];
  for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
    if (i > 0 && !/\s/.test(text[i - 1] as string)) continue;
    if (insideRegion(regions, i)) continue;
    let e = i + 1;
    let path = '';
    while (e < text.length) {
      const ch = text[e] as string;
      if (ch === '\\' && text[e + 1] === ' ') {
        path += ' ';
        e += 2;
        continue;
      }
      if (/\s/.test(ch)) break;
      path += ch;
      e++;
    }
    if (path === '' || path.startsWith('"') || path.startsWith("'")) continue;
    out.push({ start: i, end: e, path });
  }
  return out;
}
