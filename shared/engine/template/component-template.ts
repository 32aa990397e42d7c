import { formatValue, lookupDotted, scanTags } from '../text/placeholder-scan.js';

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
  const value = lookup(vars, frames, cond.path);
  if (cond.kind === 'truthy') return truthy(value);
  const equal = value === cond.value || (value === undefined && cond.value === null);
  return cond.op === '==' ? equal : !equal;
}

function renderNodes(nodes: readonly TemplateNode[], vars: Record<string, unknown>, frames: Frame[]): string {
  let out = '';
  for (const node of nodes) {
    switch (node.t) {
      case 'text':
        out += node.text;
        break;
      case 'var': {
        const value = lookup(vars, frames, node.key);
        out += value === undefined || value === null ? node.raw : formatValue(value);
        break;
      }
      case 'if': {
        const yes = evaluate(node.cond, vars, frames) !== node.negate;
        out += renderNodes(yes ? node.then : node.else, vars, frames);
        break;
      }
      case 'each': {
        const list = lookup(vars, frames, node.path);
        const items = Array.isArray(list)
          ? list
          : list !== null && typeof list === 'object'
            ? Object.values(list as Record<string, unknown>)
            : [];
        if (items.length === 0) {
          out += renderNodes(node.else, vars, frames);
          break;
        }
        for (let i = 0; i < items.length; i++) {
          frames.push({ item: items[i], index: i, count: items.length });
          out += renderNodes(node.body, vars, frames);
          frames.pop();
        }
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
