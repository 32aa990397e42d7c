import { parseYamlDocument, yamlDocumentValue } from '../../yaml/bounded-yaml.js';

/**
 * YAML frontmatter at the start of a rules file: the text starts with `---` and a line
 * break, and a later line break followed by `---` closes it. The body starts after that
 * closing `---`, skipping at most one `\r` and then at most one `\n` (so `---\n---` alone is
 * not frontmatter: the closing line break must come after the opening one).
 */
export interface Frontmatter {
  /** The YAML between the fences. */
  yaml: string;
  /** Everything after the closing fence (and the one line break after it). */
  body: string;
}

export function splitFrontmatter(text: string): Frontmatter | undefined {
  let open: number;
  if (text.startsWith('---\r\n')) open = 5;
  else if (text.startsWith('---\n')) open = 4;
  else return undefined;
  const close = text.indexOf('\n---', open);
  if (close < 0) return undefined;
  let yamlEnd = close;
  if (yamlEnd > open && text.charCodeAt(yamlEnd - 1) === 13) yamlEnd--;
  let bodyStart = close + 4;
  if (text.charCodeAt(bodyStart) === 13) bodyStart++;
  if (text.charCodeAt(bodyStart) === 10) bodyStart++;
  return { yaml: text.slice(open, Math.max(open, yamlEnd)), body: text.slice(bodyStart) };
}

export type ParsedFrontmatter = { ok: true; data: Record<string, unknown> } | { ok: false; error: string };

/** Parses frontmatter YAML (within the app's YAML limits); anything but a mapping (or nothing) is an error. */
export function parseFrontmatter(yaml: string): ParsedFrontmatter {
  const read = parseYamlDocument(yaml);
  if (!read.ok) return { ok: false, error: read.problem.message };
  const first = read.doc.errors[0];
  if (first) {
    const pos = read.lineCounter.linePos(first.pos[0]);
    return { ok: false, error: `${first.message.split('\n')[0] ?? first.message} at line ${pos.line}, column ${pos.col}` };
  }
  const value = yamlDocumentValue(read.doc);
  if (!value.ok) return { ok: false, error: value.message };
  const data = value.value;
  if (data === null || data === undefined) return { ok: true, data: {} };
  if (typeof data !== 'object' || Array.isArray(data)) return { ok: false, error: 'frontmatter is not a mapping' };
  return { ok: true, data: data as Record<string, unknown> };
}
