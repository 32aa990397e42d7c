import { Document, isMap, isPair, isScalar, isSeq, Scalar, type Node as YamlNode, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { parseYamlDocument } from '../yaml/bounded-yaml.js';

/**
 * Edits of a YAML file's TEXT that change only the lines they are about. The text is parsed
 * with the yaml Document API to find where things are (every node knows its source range);
 * the edit is then a splice of the source: a scalar is rewritten in place (in its quoting
 * style), an entry is inserted as new lines (or into a flow collection as flow text), a
 * removal takes out the entry's lines, a move swaps the items' source texts. Comments,
 * flow/block style, quoting and line width of everything else stay as they are, so a
 * one-value change is a one-line diff.
 */

export class YamlSourceError extends Error {}

export type YamlPath = readonly (string | number)[];

type Collection = YAMLMap | YAMLSeq;

interface Splice {
  start: number;
  end: number;
  text: string;
}

function splice(text: string, s: Splice): string {
  return text.slice(0, s.start) + s.text + text.slice(s.end);
}

/** Parses a text for editing; a file with syntax errors is not edited. */
export function parseForEdit(text: string, file = 'the YAML file'): Document.Parsed {
  const read = parseYamlDocument(text);
  if (!read.ok) throw new YamlSourceError(`${file} cannot be read: ${read.problem.message}`);
  // Repeated keys do not stop an edit (the edit goes to the first one).
  const first = read.doc.errors.find((e) => e.code !== 'DUPLICATE_KEY');
  if (first) throw new YamlSourceError(`${file} cannot be read: ${first.message.split('\n')[0]}`);
  return read.doc;
}

// ---------- positions in the source ----------

function rangeOf(node: unknown): [number, number, number] {
  const r = (node as YamlNode | null)?.range;
  if (!r) throw new YamlSourceError('this part of the file has no source position');
  return r;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** The position after the end of the line that holds `pos - 1` (a node's end): past its newline. */
function lineEndAfter(text: string, end: number): number {
  if (end > 0 && text[end - 1] === '\n') return end;
  const nl = text.indexOf('\n', end);
  return nl < 0 ? text.length : nl + 1;
}

function column(text: string, pos: number): number {
  return pos - lineStart(text, pos);
}

/** Only spaces between the start of the line and `pos`. */
function startsItsLine(text: string, pos: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, pos), pos));
}

function keyName(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => keyName(p) === key) as Pair | undefined;
}

/** The source span of a block map entry: its key's line through the last line of its value. */
function blockPairSpan(text: string, pair: Pair): { start: number; end: number } {
  const keyStart = rangeOf(pair.key)[0];
  const last = pair.value ? rangeOf(pair.value)[2] : rangeOf(pair.key)[2];
  return { start: lineStart(text, keyStart), end: lineEndAfter(text, last) };
}

/** The source span of a block sequence item: its `-` line through its last line. */
function blockItemSpan(text: string, item: unknown): { start: number; end: number } {
  const [start, , end] = rangeOf(item);
  const ls = lineStart(text, start);
  if (!/^[ \t]*-/.test(text.slice(ls, start))) throw new YamlSourceError('a list item is laid out in a way this edit does not handle');
  return { start: ls, end: lineEndAfter(text, end) };
}

/** Comment lines directly above `start` (they go with the entry below them when it moves). */
function commentLinesAbove(text: string, start: number, floor: number): number {
  let at = start;
  while (at > floor) {
    const prev = lineStart(text, at - 1);
    if (!/^[ \t]*#/.test(text.slice(prev, at))) break;
    at = prev;
  }
  return at;
}

// ---------- writing values ----------

type ScalarType = Scalar['type'];
const BLOCK_TYPES = new Set<ScalarType>([Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED]);

/** `key: value` (or `- value` for a null key) as block YAML lines at `indent`, each ending in a newline. */
function entryLines(key: string | null, value: unknown, indent: number, step: number, type?: ScalarType): string {
  const doc = new Document(key === null ? [value] : { [key]: value });
  const node = key === null ? (doc.contents as YAMLSeq).items[0] : (doc.contents as YAMLMap).get(key, true);
  if (type && isScalar(node) && typeof value === 'string') node.type = type;
  const out = doc.toString({ lineWidth: 0, minContentWidth: 0, indent: step, indentSeq: true, flowCollectionPadding: false });
  const pad = ' '.repeat(indent);
  return `${out
    .split('\n')
    .slice(0, -1)
    .map((l) => (l ? pad + l : l))
    .join('\n')}\n`;
}

/** The text of a value in flow context (inside `[...]` or `{...}`, or after `key: ` on its line). */
function flowText(value: unknown, type?: ScalarType): string {
  const doc = new Document(value);
  if (isMap(doc.contents) || isSeq(doc.contents)) doc.contents.flow = true;
  if (type && !BLOCK_TYPES.has(type) && isScalar(doc.contents) && typeof value === 'string') doc.contents.type = type;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, '');
}

function isPlainValue(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * The text a scalar node gets for a new value, in place: the same quoting where it can hold
 * the value; a multi-line text in a plain scalar becomes a literal block, a one-line text in
 * a block scalar becomes plain.
 */
function scalarReplacement(text: string, node: Scalar, value: unknown, parentIndent: number, step: number): string {
  const [start, end] = rangeOf(node);
  // `key:` with no value: the new value needs its space.
  const space = text[start - 1] === ':' ? ' ' : '';
  let type = node.type;
  const multiLine = typeof value === 'string' && value.includes('\n');
  if (multiLine && (type === Scalar.PLAIN || !type)) type = Scalar.BLOCK_LITERAL;
  if (!multiLine && BLOCK_TYPES.has(type)) type = Scalar.PLAIN;
  if (typeof value === 'string' && BLOCK_TYPES.has(type)) {
    const lines = entryLines('k', value, parentIndent, step, type);
    const body = lines.slice(lines.indexOf(':') + 2);
    // A block scalar's source ends with its last newline; an empty value's does not.
    return space + (text.slice(start, end).endsWith('\n') ? body : body.replace(/\n$/, ''));
  }
  // A block scalar replaced by a one-line value: its source ended with a newline.
  return space + flowText(value, type) + (text.slice(start, end).endsWith('\n') ? '\n' : '');
}

// ---------- navigation ----------

interface Located {
  doc: Document.Parsed;
  /** The collection that holds the last path segment (undefined: the path is the root). */
  parent?: Collection | undefined;
  /** How far the path exists: path.slice(0, depth) resolves to `node` (or parent). */
  depth: number;
  node: unknown;
}

function locate(doc: Document.Parsed, path: YamlPath): Located {
  let node: unknown = doc.contents;
  let parent: Collection | undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    if (isMap(node)) {
      const pair = findPair(node, String(seg));
      if (!pair) return { doc, parent: node, depth: i, node: undefined };
      parent = node;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      if (seg < 0 || seg >= node.items.length) return { doc, parent: node, depth: i, node: undefined };
      parent = node;
      node = node.items[seg];
    } else {
      return { doc, parent, depth: i, node: undefined };
    }
  }
  return { doc, parent, depth: path.length, node };
}

/** The indentation step of nested block content in this file (the first one found), else 2. */
function indentStep(text: string, doc: Document.Parsed): number {
  const root = doc.contents;
  if (!isMap(root)) return 2;
  for (const pair of root.items) {
    const v = pair.value;
    if ((isMap(v) || isSeq(v)) && !v.flow && v.items.length > 0) {
      const child = isMap(v) ? (v.items[0] as Pair).key : v.items[0];
      // A list item's value starts after its `- `.
      const step = column(text, rangeOf(child)[0]) - (isSeq(v) ? 2 : 0) - column(text, rangeOf(pair.key)[0]);
      if (step > 0) return step;
    }
  }
  return 2;
}

function nest(rest: readonly (string | number)[], value: unknown): unknown {
  let v = value;
  for (let i = rest.length - 1; i >= 0; i--) v = { [String(rest[i])]: v };
  return v;
}

/** Inserts `key: value` as the last entry of a map (block lines, or flow text); null: the empty document. */
function insertPair(text: string, doc: Document.Parsed, map: YAMLMap | null, key: string, value: unknown, owner?: Pair): string {
  const step = indentStep(text, doc);
  if (map === null || (map.items.length === 0 && !map.flow)) {
    return `${text}${text && !text.endsWith('\n') ? '\n' : ''}${entryLines(key, value, 0, step)}`;
  }
  if (map.flow) {
    if (map.items.length === 0) {
      const [start, end] = rangeOf(map);
      if (owner) {
        // `key: {}` in a block map becomes block lines (more readable than a flow map that grows).
        const keyCol = column(text, rangeOf(owner.key)[0]);
        let from = start;
        while (from > 0 && text[from - 1] === ' ') from--;
        return splice(text, { start: from, end: lineEndAfter(text, end), text: `\n${entryLines(key, value, keyCol + step, step)}` });
      }
      return splice(text, { start: start + 1, end: end - 1, text: flowText({ [key]: value }).slice(1, -1) });
    }
    const lastPair = map.items[map.items.length - 1] as Pair;
    const lastEnd = rangeOf(lastPair.value ?? lastPair.key)[1];
    return splice(text, { start: lastEnd, end: lastEnd, text: `, ${flowText({ [key]: value }).slice(1, -1)}` });
  }
  const last = map.items[map.items.length - 1] as Pair;
  const indent = column(text, rangeOf((map.items[0] as Pair).key)[0]);
  const at = blockPairSpan(text, last).end;
  const pre = at === text.length && !text.endsWith('\n') ? '\n' : '';
  return splice(text, { start: at, end: at, text: pre + entryLines(key, value, indent, step) });
}

// ---------- the edits ----------

/**
 * Sets the value at `path`. A scalar is rewritten in place; a missing key is added at the end
 * of its map (missing maps on the way are created); a collection is replaced as a whole.
 */
export function setIn(text: string, path: YamlPath, value: unknown): string {
  if (path.length === 0) throw new YamlSourceError('no path to set');
  const doc = parseForEdit(text);
  const at = locate(doc, path);
  if (at.depth === path.length) {
    const node = at.node;
    if (isScalar(node) && isPlainValue(value)) {
      if (node.value === value) return text;
      const owner = isMap(at.parent) ? ownerPairOf(doc, path) : undefined;
      const parentIndent = owner ? column(text, rangeOf(owner.key)[0]) : 0;
      const [start, end] = rangeOf(node);
      return splice(text, { start, end, text: scalarReplacement(text, node, value, parentIndent, indentStep(text, doc)) });
    }
    return replaceNode(text, doc, path, value);
  }
  // The path exists up to `depth`: add the rest there.
  const container = at.depth === 0 ? doc.contents : locate(doc, path.slice(0, at.depth)).node;
  const key = path[at.depth]!;
  if (container === null || container === undefined) return insertPair(text, doc, null, String(key), nest(path.slice(1), value));
  if (isScalar(container) && container.value === null && at.depth > 0) {
    // `key:` with no value: give it one.
    return replaceNode(text, doc, path.slice(0, at.depth), nest(path.slice(at.depth), value));
  }
  if (isMap(container)) {
    const owner = at.depth > 0 ? ownerPairOf(doc, path.slice(0, at.depth)) : undefined;
    return insertPair(text, doc, container, String(key), nest(path.slice(at.depth + 1), value), owner);
  }
  if (isSeq(container) && key === container.items.length && at.depth === path.length - 1)
    return appendSeqItem(text, path.slice(0, -1), value);
  throw new YamlSourceError(`cannot set ${path.join('.')}: ${path.slice(0, at.depth).join('.') || 'the document'} is not a map`);
}

function ownerPairOf(doc: Document.Parsed, path: YamlPath): Pair | undefined {
  const parent = locate(doc, path.slice(0, -1)).node;
  if (!isMap(parent)) return undefined;
  return findPair(parent, String(path[path.length - 1]));
}

/** Replaces the value at `path` (which exists) with a newly written one. */
function replaceNode(text: string, doc: Document.Parsed, path: YamlPath, value: unknown): string {
  const parent = locate(doc, path.slice(0, -1)).node;
  const last = path[path.length - 1]!;
  const step = indentStep(text, doc);
  const node = locate(doc, path).node;
  // A flow collection or a one-line scalar is rewritten in place, as flow text.
  const inline = ((isMap(node) || isSeq(node)) && node.flow) || (isScalar(node) && !BLOCK_TYPES.has(node.type) && node.value !== null);
  if (inline) {
    const [start, end] = rangeOf(node);
    return splice(text, { start, end, text: flowText(value) });
  }
  if (isMap(parent) && !parent.flow) {
    const pair = findPair(parent, String(last))!;
    const span = blockPairSpan(text, pair);
    const keyStart = rangeOf(pair.key)[0];
    const indent = column(text, keyStart);
    const lines = entryLines(String(last), value, indent, step);
    // Keep whatever precedes the key on its line (`- ` of a list item).
    return splice(text, { start: keyStart, end: span.end, text: lines.slice(indent) });
  }
  if (isSeq(parent) && !parent.flow && typeof last === 'number') {
    const span = blockItemSpan(text, parent.items[last]);
    const dash = text.indexOf('-', span.start);
    const lines = entryLines(null, value, column(text, dash), step);
    return splice(text, { start: span.start, end: span.end, text: lines });
  }
  const [start, end] = rangeOf(node);
  return splice(text, { start, end, text: flowText(value) });
}

/** Removes the entry at `path` (a map key or a list item); the text is unchanged when there is none. */
export function deleteIn(text: string, path: YamlPath): string {
  if (path.length === 0) throw new YamlSourceError('no path to delete');
  const doc = parseForEdit(text);
  const at = locate(doc, path);
  if (at.depth < path.length) return text;
  const parent = locate(doc, path.slice(0, -1)).node;
  const last = path[path.length - 1]!;
  if (isMap(parent)) {
    const idx = parent.items.findIndex((p) => keyName(p as Pair) === String(last));
    const pair = parent.items[idx] as Pair;
    if (parent.flow) return removeFlowItem(text, parent, idx, rangeOf(pair.key)[0], rangeOf(pair.value ?? pair.key)[1]);
    const keyStart = rangeOf(pair.key)[0];
    if (!startsItsLine(text, keyStart)) {
      if (parent.items.length > 1) throw new YamlSourceError('the first key of a map inside a list item cannot be removed on its own');
      return replaceNode(text, doc, path.slice(0, -1), {});
    }
    const span = blockPairSpan(text, pair);
    return splice(text, { start: span.start, end: span.end, text: '' });
  }
  if (isSeq(parent) && typeof last === 'number') {
    const item = parent.items[last];
    if (parent.flow) return removeFlowItem(text, parent, last, rangeOf(item)[0], rangeOf(item)[1]);
    const span = blockItemSpan(text, item);
    return splice(text, { start: span.start, end: span.end, text: '' });
  }
  return text;
}

function removeFlowItem(text: string, coll: Collection, index: number, start: number, end: number): string {
  const items = coll.items;
  if (items.length === 1) return splice(text, { start, end, text: '' });
  if (index < items.length - 1) {
    // Up to the next item's start: the separator after this one goes with it.
    const next = items[index + 1]!;
    const nextStart = rangeOf(isPair(next) ? next.key : next)[0];
    return splice(text, { start, end: nextStart, text: '' });
  }
  const prev = items[index - 1]!;
  const prevEnd = rangeOf(isPair(prev) ? (prev.value ?? prev.key) : prev)[1];
  return splice(text, { start: prevEnd, end, text: '' });
}

/** Renames a key of the map at `path`; its value, comments and place stay. */
export function renameKey(text: string, path: YamlPath, from: string, to: string): string {
  if (from === to) return text;
  const doc = parseForEdit(text);
  const map = path.length ? locate(doc, path).node : doc.contents;
  if (!isMap(map)) throw new YamlSourceError(`${path.join('.') || 'the document'} is not a map`);
  if (findPair(map, to)) throw new YamlSourceError(`${to} exists already`);
  const pair = findPair(map, from);
  if (!pair) throw new YamlSourceError(`no ${from} in ${path.join('.') || 'the document'}`);
  const [start, end] = rangeOf(pair.key);
  return splice(text, { start, end, text: flowText(to, isScalar(pair.key) ? pair.key.type : undefined) });
}

/** Moves an item of the list at `path` from one position to another; everything else stays. */
export function moveSeqItem(text: string, path: YamlPath, from: number, to: number): string {
  const doc = parseForEdit(text);
  const seq = locate(doc, path).node;
  if (!isSeq(seq)) throw new YamlSourceError(`${path.join('.')} is not a list`);
  const n = seq.items.length;
  if (from < 0 || from >= n || to < 0 || to >= n) throw new YamlSourceError('no such position');
  if (from === to) return text;
  const order = [...Array(n).keys()];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  const spans = seq.flow ? seq.items.map((item) => ({ start: rangeOf(item)[0], end: rangeOf(item)[1] })) : blockItemSpans(text, seq);
  const first = spans[0]!.start;
  const lastEnd = spans[n - 1]!.end;
  const body = spans[n - 1]!.end === text.length && !text.endsWith('\n') && !seq.flow;
  const src = body ? `${text}\n` : text;
  const pieces = spans.map((s, i) => src.slice(s.start, body && i === n - 1 ? s.end + 1 : s.end));
  let out = '';
  for (let i = 0; i < n; i++) {
    out += pieces[order[i]!]!;
    if (i < n - 1) out += text.slice(spans[i]!.end, spans[i + 1]!.start);
  }
  if (body) out = out.slice(0, -1);
  return text.slice(0, first) + out + text.slice(lastEnd);
}

/** Block items with the comment lines right above each (but the first) included. */
function blockItemSpans(text: string, seq: YAMLSeq): { start: number; end: number }[] {
  const spans = seq.items.map((item) => blockItemSpan(text, item));
  for (let i = 1; i < spans.length; i++) spans[i]!.start = commentLinesAbove(text, spans[i]!.start, spans[i - 1]!.end);
  return spans;
}

/** Appends an item to the list at `path` (created when missing). */
export function appendSeqItem(text: string, path: YamlPath, value: unknown): string {
  const doc = parseForEdit(text);
  const seq = locate(doc, path).node;
  if (seq === undefined || seq === null) return setIn(text, path, [value]);
  if (!isSeq(seq)) throw new YamlSourceError(`${path.join('.')} is not a list`);
  if (seq.flow) {
    const [, end] = rangeOf(seq);
    if (seq.items.length === 0) {
      const close = text.lastIndexOf(']', end - 1);
      return splice(text, { start: close, end: close, text: flowText(value) });
    }
    const lastEnd = rangeOf(seq.items[seq.items.length - 1])[1];
    return splice(text, { start: lastEnd, end: lastEnd, text: `, ${flowText(value)}` });
  }
  if (seq.items.length === 0) return setIn(text, path, [value]);
  const span = blockItemSpan(text, seq.items[seq.items.length - 1]);
  const dash = text.indexOf('-', span.start);
  const pre = span.end === text.length && !text.endsWith('\n') ? '\n' : '';
  return splice(text, { start: span.end, end: span.end, text: pre + entryLines(null, value, column(text, dash), indentStep(text, doc)) });
}

/** The value at a path (plain data), or undefined. */
export function getIn(text: string, path: YamlPath): unknown {
  const doc = parseForEdit(text);
  const node = locate(doc, path);
  if (node.depth < path.length) return undefined;
  const n = node.node;
  return n && typeof n === 'object' && 'toJSON' in n ? (n as { toJSON(): unknown }).toJSON() : isScalar(n) ? n.value : n;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sameData(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Makes the value at `path` equal to `desired` with the fewest line changes: maps are
 * compared key by key (keys that went are removed, new ones added, changed leaves set in
 * place), anything else that differs is set as a whole.
 */
export function syncIn(text: string, path: YamlPath, desired: unknown): string {
  const current = getIn(text, path);
  if (sameData(current, desired)) return text;
  if (desired === undefined) return deleteIn(text, path);
  if (!isRecord(current) || !isRecord(desired) || Object.keys(current).length === 0) return setIn(text, path, desired);
  let out = text;
  for (const key of Object.keys(current)) if (!(key in desired)) out = deleteIn(out, [...path, key]);
  for (const [key, value] of Object.entries(desired)) out = syncIn(out, [...path, key], value);
  return out;
}
