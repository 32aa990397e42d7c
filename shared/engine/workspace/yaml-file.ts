import { LineCounter, isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import type { FileProblem } from '../../domain/problems.js';
import { parseYamlDocument, yamlDocumentValue } from '../../yaml/bounded-yaml.js';

/** 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** Positions of the nodes of a YAML document by dotted path ('' is the document, `tools.2`, `componentOverrides.X`). */
export type PositionIndex = Record<string, Position>;

export interface ParsedYaml<T> {
  value?: T | undefined;
  problems: FileProblem[];
  positions: PositionIndex;
}

function indexPositions(node: unknown, path: string, counter: LineCounter, out: PositionIndex, own = true): void {
  if (!node || typeof node !== 'object') return;
  const range = (node as YamlNode).range;
  if (own && range) {
    const pos = counter.linePos(range[0]);
    out[path] = { line: pos.line, column: pos.col };
  }
  if (isMap(node)) {
    for (const pair of node.items) {
      const keyNode = pair.key as YamlNode | null;
      const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
      const childPath = path ? `${path}.${key}` : key;
      // A scalar entry is found at its value; a nested one at its key ("key:"), where a reader looks for it.
      const keyRange = keyNode && typeof keyNode === 'object' ? keyNode.range : undefined;
      const atKey = keyRange !== undefined && !isScalar(pair.value);
      if (keyRange) {
        const pos = counter.linePos(keyRange[0]);
        out[childPath] = { line: pos.line, column: pos.col };
      }
      indexPositions(pair.value, childPath, counter, out, !atKey);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => indexPositions(item, path ? `${path}.${i}` : String(i), counter, out));
  }
}

/** The position of a path, or of its nearest ancestor that has one. */
export function positionOf(index: PositionIndex, path: readonly (string | number)[]): Position | undefined {
  for (let n = path.length; n >= 0; n--) {
    const found = index[path.slice(0, n).join('.')];
    if (found) return found;
  }
  return undefined;
}

/** A file with more syntax errors than this lists the first ones and a count. */
const MAX_SYNTAX_PROBLEMS = 20;

/**
 * Parses a YAML file and validates it with a zod schema. Never throws: syntax errors and
 * schema errors come back as problems naming the file, the line and column, and the path.
 */
export function parseYamlFile<S extends z.ZodType>(file: string, text: string, schema: S): ParsedYaml<z.output<S>> {
  const counter = new LineCounter();
  const positions: PositionIndex = {};
  const problems: FileProblem[] = [];
  const read = parseYamlDocument(text, { lineCounter: counter });
  if (!read.ok) {
    const { line, column, message } = read.problem;
    problems.push({ file, line, column, message: `YAML: ${message}`, severity: 'error' });
    return { problems, positions };
  }
  const doc = read.doc;
  for (const error of doc.errors.slice(0, MAX_SYNTAX_PROBLEMS)) {
    const pos = counter.linePos(error.pos[0]);
    problems.push({ file, line: pos.line, column: pos.col, message: `YAML syntax: ${error.message.split('\n')[0]}`, severity: 'error' });
  }
  if (doc.errors.length > MAX_SYNTAX_PROBLEMS)
    problems.push({ file, message: `YAML syntax: ${doc.errors.length - MAX_SYNTAX_PROBLEMS} more errors`, severity: 'error' });
  if (problems.length > 0) return { problems, positions };
  indexPositions(doc.contents, '', counter, positions);
  const value = yamlDocumentValue(doc);
  if (!value.ok) {
    problems.push({ file, line: 1, column: 1, message: `YAML: ${value.message}`, severity: 'error' });
    return { problems, positions };
  }
  const data = value.value;
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const pos = positionOf(positions, path);
      problems.push({
        file,
        line: pos?.line,
        column: pos?.column,
        path: path.length ? path.join('.') : undefined,
        message: issue.message,
        severity: 'error',
      });
    }
    return { problems, positions };
  }
  return { value: parsed.data, problems, positions };
}

/**
 * Remembers the parse of each file while its text (and schema) stay the same, so a host that
 * reloads the workspace on every keystroke re-parses only the file that changed. One cache
 * per workspace; parsed values are shared between loads and must be treated as immutable.
 */
export class YamlParseCache {
  private readonly entries = new Map<string, { text: string; schema: unknown; parsed: ParsedYaml<unknown> }>();

  constructor(private readonly maxEntries = 5000) {}

  parse<S extends z.ZodType>(file: string, text: string, schema: S): ParsedYaml<z.output<S>> {
    const hit = this.entries.get(file);
    if (hit && hit.text === text && hit.schema === schema) return hit.parsed as ParsedYaml<z.output<S>>;
    const parsed = parseYamlFile(file, text, schema);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(file, { text, schema, parsed });
    return parsed;
  }
}
