import { formatValue, lookupDotted, scanTags } from '../text/placeholder-scan.js';
import type { ReadTracker } from '../volatility/read-tracker.js';
import type { VolatileField } from '../volatility/volatile-fields.js';
import {
  emptinessFields,
  shiftRanges,
  unionFields,
  type RangedText,
  type RangeOrigin,
  type VolatileRange,
} from '../volatility/volatile-range.js';

/**
 * The template language of components, tool texts and workspace components: Cline's
 * `{{KEY}}` (dotted keys, strings as is, other values as JSON, unknown keys kept verbatim)
 * plus blocks over the variables:
 *
 *   {{#if path}} ... {{else}} ... {{/if}}        path truthy (empty arrays count as false)
 *   {{#if path == "text"}}, {{#if path != 3}}    comparison with a literal
 *   {{#unless path}} ... {{/unless}}
 *   {{#each path}} ... {{else}} ... {{/each}}    {{this}}, {{@index}}, {{@number}}, {{@first}}, {{@last}}
 *
 * A block tag alone on its line takes the whole line with it (as in Mustache), so block
 * structure does not leave blank lines. A template without block tags renders exactly as
 * the original engine would. A tag that does not fit (an `{{else}}` outside a block, a
 * block never closed) is treated as an ordinary key, so rendering never throws.
 */

type Scalar = string | number | boolean | null;

export type Condition = { kind: 'truthy'; path: string } | { kind: 'compare'; path: string; op: '==' | '!='; value: Scalar };

export type TemplateNode =
  | { t: 'text'; text: string; offset: number }
  | { t: 'var'; key: string; raw: string; offset: number }
  | { t: 'if'; cond: Condition; negate: boolean; then: TemplateNode[]; else: TemplateNode[]; offset: number }
  | { t: 'each'; path: string; body: TemplateNode[]; else: TemplateNode[]; offset: number };

export interface ParsedTemplate {
  nodes: TemplateNode[];
  /** True when the template uses block tags. */
  hasBlocks: boolean;
  /** Tags that looked like blocks but did not fit, with their offsets. */
  problems: { offset: number; message: string }[];
}

interface OpenBlock {
  node: Extract<TemplateNode, { t: 'if' | 'each' }>;
  closer: '/if' | '/unless' | '/each';
  openRaw: string;
  openOffset: number;
  elseRaw?: string;
  elseOffset?: number;
  inElse: boolean;
  parent: TemplateNode[];
}

const BLOCK_OPEN = /^#(if|unless|each)\s+(.+)$/s;
const COMPARISON = /^([^\s=!]+)\s*(==|!=)\s*(.+)$/s;

function parseLiteral(text: string): Scalar | undefined {
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  const q = t[0];
  if ((q === '"' || q === "'") && t.length >= 2 && t[t.length - 1] === q) return t.slice(1, -1);
  return undefined;
}

function parseCondition(expr: string): Condition | undefined {
  const e = expr.trim();
  const cmp = COMPARISON.exec(e);
  if (cmp) {
    const value = parseLiteral(cmp[3]!);
    if (value === undefined) return undefined;
    return { kind: 'compare', path: cmp[1]!, op: cmp[2] as '==' | '!=', value };
  }
  if (/\s/.test(e)) return undefined;
  return { kind: 'truthy', path: e };
}

/** Whether the tag at [start, end) stands alone on its line; returns the range to drop. */
function standaloneRange(text: string, start: number, end: number): { from: number; to: number } | undefined {
  let a = start;
  while (a > 0) {
    const c = text.charCodeAt(a - 1);
    if (c === 0x20 || c === 0x09) a--;
    else break;
  }
  if (a > 0 && text.charCodeAt(a - 1) !== 0x0a) return undefined;
  let b = end;
  while (b < text.length) {
    const c = text.charCodeAt(b);
    if (c === 0x20 || c === 0x09 || c === 0x0d) b++;
    else break;
  }
  if (b < text.length && text.charCodeAt(b) !== 0x0a) return undefined;
  return { from: a, to: b < text.length ? b + 1 : b };
}

export function parseTemplate(text: string): ParsedTemplate {
  const root: TemplateNode[] = [];
  const stack: OpenBlock[] = [];
  const problems: ParsedTemplate['problems'] = [];
  let hasBlocks = false;
  let at = 0; // next unconsumed character
  const current = (): TemplateNode[] => {
    const top = stack[stack.length - 1];
    if (!top) return root;
    return top.inElse ? top.node.else : top.node.t === 'if' ? top.node.then : top.node.body;
  };
  const pushText = (from: number, to: number): void => {
    if (to > from) current().push({ t: 'text', text: text.slice(from, to), offset: from });
  };

  for (const tag of scanTags(text)) {
    if (tag.start < at) continue; // inside a standalone line already consumed
    const key = tag.raw.trim();
    const first = key.charCodeAt(0);
    const blockLike = first === 0x23 /* # */ || first === 0x2f /* / */ || key === 'else';
    let handled = false;
    if (blockLike) {
      const open = BLOCK_OPEN.exec(key);
      const top = stack[stack.length - 1];
      let kind: 'open' | 'else' | 'close' | undefined;
      let cond: Condition | undefined;
      if (open) {
        if (open[1] === 'each') {
          const path = open[2]!.trim();
          if (!/\s/.test(path)) kind = 'open';
        } else {
          cond = parseCondition(open[2]!);
          if (cond) kind = 'open';
        }
        if (!kind) problems.push({ offset: tag.start, message: `cannot read the block tag {{${tag.raw}}}` });
      } else if (key === 'else' && top && !top.inElse) {
        kind = 'else';
      } else if (top && key === top.closer) {
        kind = 'close';
      } else if (key === '/if' || key === '/unless' || key === '/each' || key === 'else') {
        problems.push({ offset: tag.start, message: `{{${key}}} has no matching open block` });
      }
      if (kind) {
        handled = true;
        hasBlocks = true;
        const alone = standaloneRange(text, tag.start, tag.end);
        pushText(at, alone ? alone.from : tag.start);
        at = alone ? alone.to : tag.end;
        if (kind === 'open') {
          const parent = current();
          const node: OpenBlock['node'] =
            open![1] === 'each'
              ? { t: 'each', path: open![2]!.trim(), body: [], else: [], offset: tag.start }
              : { t: 'if', cond: cond!, negate: open![1] === 'unless', then: [], else: [], offset: tag.start };
          parent.push(node);
          stack.push({
            node,
            closer: `/${open![1]}` as OpenBlock['closer'],
            openRaw: text.slice(tag.start, tag.end),
            openOffset: tag.start,
            inElse: false,
            parent,
          });
        } else if (kind === 'else') {
          top!.inElse = true;
          top!.elseRaw = text.slice(tag.start, tag.end);
          top!.elseOffset = tag.start;
        } else {
          stack.pop();
        }
      }
    }
    if (!handled) {
      pushText(at, tag.start);
      current().push({ t: 'var', key, raw: text.slice(tag.start, tag.end), offset: tag.start });
      at = tag.end;
    }
  }
  pushText(at, text.length);

  // Blocks never closed: their tags become ordinary keys and their contents stay in place.
  while (stack.length > 0) {
    const open = stack.pop()!;
    problems.push({ offset: open.openOffset, message: `block {{${open.openRaw.slice(2, -2).trim()}}} is never closed` });
    const index = open.parent.indexOf(open.node);
    const flat: TemplateNode[] = [{ t: 'var', key: open.openRaw.slice(2, -2).trim(), raw: open.openRaw, offset: open.openOffset }];
    const node = open.node;
    flat.push(...(node.t === 'if' ? node.then : node.body));
    if (open.elseRaw !== undefined) {
      flat.push({ t: 'var', key: 'else', raw: open.elseRaw, offset: open.elseOffset! });
      flat.push(...node.else);
    }
    open.parent.splice(index, 1, ...flat);
  }
  return { nodes: root, hasBlocks, problems };
}

const parsedCache = new Map<string, ParsedTemplate>();
const CACHE_LIMIT = 2000;

/** Parses with a cache: templates are few and rendered on every build. */
export function parseTemplateCached(text: string): ParsedTemplate {
  let parsed = parsedCache.get(text);
  if (!parsed) {
    if (parsedCache.size >= CACHE_LIMIT) parsedCache.clear();
    parsed = parseTemplate(text);
    parsedCache.set(text, parsed);
  }
  return parsed;
}

interface Frame {
  item: unknown;
  index: number;
  count: number;
}

function lookup(vars: Record<string, unknown>, frames: readonly Frame[], key: string): unknown {
  if (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (key === 'this') return frame.item;
    if (key === '@index') return frame.index;
    if (key === '@number') return frame.index + 1;
    if (key === '@first') return frame.index === 0;
    if (key === '@last') return frame.index === frame.count - 1;
    if (key.startsWith('this.')) return lookupDotted({ this: frame.item }, key);
    const head = key.split('.', 1)[0]!;
    for (let i = frames.length - 1; i >= 0; i--) {
      const item = frames[i]!.item;
      if (item !== null && typeof item === 'object' && head in item) {
        return lookupDotted(item as Record<string, unknown>, key);
      }
    }
  }
  return lookupDotted(vars, key);
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

function evaluate(cond: Condition, vars: Record<string, unknown>, frames: readonly Frame[]): boolean {
  return test(cond, lookup(vars, frames, cond.path));
}

function test(cond: Condition, value: unknown): boolean {
  if (cond.kind === 'truthy') return truthy(value);
  const equal = value === cond.value || (value === undefined && cond.value === null);
  return cond.op === '==' ? equal : !equal;
}

/**
 * What a tracking render needs to mark volatile output: a ReadTracker (so reads of a tracked
 * context inside a lookup are seen), the fields of variables computed earlier, values that
 * carry volatile ranges of their own (tool texts, sections), and where a node's offset points.
 */
export interface RenderTracking {
  tracker: ReadTracker;
  /** Volatile fields of a top-level variable (computed from them), if any. */
  fieldsOf(vars: Record<string, unknown>, head: string): readonly VolatileField[] | undefined;
  /** A value with volatile ranges of its own, by its dotted key (used when the inserted text is that value). */
  rangedValue(key: string): RangedText | undefined;
  origin(templateOffset: number): RangeOrigin;
  /** Out: the volatile ranges of the rendered text. */
  ranges: VolatileRange[];
}

/** Whether a key is answered by an `each` frame rather than by the variables. */
function fromFrame(frames: readonly Frame[], key: string): boolean {
  if (frames.length === 0) return false;
  if (key === 'this' || key.startsWith('@') || key.startsWith('this.')) return true;
  const head = key.split('.', 1)[0]!;
  for (const frame of frames) {
    const item = frame.item;
    if (item !== null && typeof item === 'object' && head in item) return true;
  }
  return false;
}

/** Looks a key up and tells which volatile fields the answer depends on (as a whole), or the ranged value it is. */
function trackedLookup(
  vars: Record<string, unknown>,
  frames: readonly Frame[],
  key: string,
  tracking: RenderTracking,
): { value: unknown; fields: readonly VolatileField[]; ranged?: RangedText | undefined } {
  // Inside an `each`, items come from a list whose own fields already mark the whole block.
  if (fromFrame(frames, key)) return { value: lookup(vars, frames, key), fields: [] };
  const run = tracking.tracker.run(() => lookup(vars, frames, key));
  const ranged = tracking.rangedValue(key);
  if (ranged && run.value === ranged.text) return { value: run.value, fields: [], ranged };
  const head = key.split('.', 1)[0]!;
  const own = tracking.fieldsOf(vars, head);
  const fields = own && own.length > 0 ? [...new Set([...run.fields, ...own])] : [...run.fields];
  return { value: run.value, fields };
}

function renderNodes(
  nodes: readonly TemplateNode[],
  vars: Record<string, unknown>,
  frames: Frame[],
  tracking?: RenderTracking,
  base = 0,
): string {
  let out = '';
  for (const node of nodes) {
    switch (node.t) {
      case 'text':
        out += node.text;
        break;
      case 'var': {
        if (!tracking) {
          const value = lookup(vars, frames, node.key);
          out += value === undefined || value === null ? node.raw : formatValue(value);
          break;
        }
        const found = trackedLookup(vars, frames, node.key, tracking);
        const text = found.value === undefined || found.value === null ? node.raw : formatValue(found.value);
        const at = base + out.length;
        if (found.ranged) shiftRanges(found.ranged.ranges, at, tracking.ranges);
        else if (found.fields.length > 0)
          tracking.ranges.push({ start: at, end: at + text.length, fields: found.fields, origin: tracking.origin(node.offset) });
        out += text;
        break;
      }
      case 'if': {
        let yes: boolean;
        let fields: readonly VolatileField[] = [];
        if (!tracking) yes = evaluate(node.cond, vars, frames) !== node.negate;
        else {
          const found = trackedLookup(vars, frames, node.cond.path, tracking);
          yes = test(node.cond, found.value) !== node.negate;
          fields = found.ranged
            ? node.cond.kind === 'truthy'
              ? emptinessFields(found.ranged)
              : unionFields(found.ranged.ranges)
            : found.fields;
        }
        const at = base + out.length;
        out += renderNodes(yes ? node.then : node.else, vars, frames, tracking, at);
        if (fields.length > 0) tracking!.ranges.push({ start: at, end: base + out.length, fields, origin: tracking!.origin(node.offset) });
        break;
      }
      case 'each': {
        let list: unknown;
        let fields: readonly VolatileField[] = [];
        if (!tracking) list = lookup(vars, frames, node.path);
        else {
          const found = trackedLookup(vars, frames, node.path, tracking);
          list = found.value;
          fields = found.ranged ? unionFields(found.ranged.ranges) : found.fields;
        }
        const at = base + out.length;
        const items = Array.isArray(list)
          ? list
          : list !== null && typeof list === 'object'
            ? Object.values(list as Record<string, unknown>)
            : [];
        if (items.length === 0) out += renderNodes(node.else, vars, frames, tracking, at);
        else {
          for (let i = 0; i < items.length; i++) {
            frames.push({ item: items[i], index: i, count: items.length });
            out += renderNodes(node.body, vars, frames, tracking, base + out.length);
            frames.pop();
          }
        }
        if (fields.length > 0) tracking!.ranges.push({ start: at, end: base + out.length, fields, origin: tracking!.origin(node.offset) });
        break;
      }
    }
  }
  return out;
}

/** Renders a component template with its variables. */
export function renderTemplate(template: string, vars: Record<string, unknown>): string {
  const parsed = parseTemplateCached(template);
  return renderNodes(parsed.nodes, vars, []);
}

/** Renders a template and marks the parts of its output that depend on volatile context fields. */
export function renderTemplateTracked(template: string, vars: Record<string, unknown>, tracking: RenderTracking): RangedText {
  const parsed = parseTemplateCached(template);
  const outer = tracking.ranges;
  tracking.ranges = [];
  const text = renderNodes(parsed.nodes, vars, [], tracking, 0);
  const ranges = tracking.ranges;
  tracking.ranges = outer;
  return { text, ranges };
}

/** The keys a template reads (variables and block paths), for completion, lint and the placeholder table. */
export function templateKeys(template: string): { key: string; offset: number; block: boolean }[] {
  const keys: { key: string; offset: number; block: boolean }[] = [];
  const walk = (nodes: readonly TemplateNode[]): void => {
    for (const n of nodes) {
      if (n.t === 'var') keys.push({ key: n.key, offset: n.offset, block: false });
      else if (n.t === 'if') {
        keys.push({ key: n.cond.path, offset: n.offset, block: true });
        walk(n.then);
        walk(n.else);
      } else if (n.t === 'each') {
        keys.push({ key: n.path, offset: n.offset, block: true });
        walk(n.body);
        walk(n.else);
      }
    }
  };
  walk(parseTemplateCached(template).nodes);
  return keys;
}
