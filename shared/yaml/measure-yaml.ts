import { CST, Lexer } from 'yaml';
import type { YamlLimits } from './yaml-limits.js';

/**
 * Measures a YAML text before it is parsed: size, tokens, values, aliases and nesting depth,
 * each against a limit, stopping at the first one exceeded. It runs the parser's own lexer
 * (a flat stream of tokens, no recursion), so it sees exactly the structure the parser will
 * build: a `[` inside a quoted string or a block scalar does not count, one in a flow
 * collection does. The depth of block collections is followed from the columns of the lines
 * and of the `-` / `?` indicators on them (an estimate that errs high).
 *
 * Why before: the parser composes nested collections recursively; a few kilobytes of `[`
 * exhaust the stack, and V8 can then abort the whole process inside a regular expression.
 */

export interface YamlRefusal {
  /** Offset in the text where the limit was reached. */
  offset: number;
  message: string;
}

/** UTF-8 length of a string (surrogate pairs count 4). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Zero-width markers of the lexer (not source text). */
const MARKERS = new Set<string>([CST.DOCUMENT, CST.SCALAR, CST.FLOW_END]);

interface OpenBlock {
  column: number;
  seq: boolean;
}

export function measureYaml(text: string, limits: YamlLimits): YamlRefusal | undefined {
  // A string of n UTF-16 units holds at most 3n UTF-8 bytes.
  if (text.length * 3 > limits.maxBytes) {
    const bytes = utf8Length(text);
    if (bytes > limits.maxBytes)
      return { offset: 0, message: `the file is ${formatBytes(bytes)}; YAML files over ${formatBytes(limits.maxBytes)} are not read` };
  }
  let tokens = 0;
  let nodes = 0;
  let aliases = 0;
  let flow = 0;
  let offset = 0;
  let column = 0;
  let lineStarted = false;
  let scalarText = false;
  let blockScalar = false;
  let afterIndicator = false;
  const blocks: OpenBlock[] = [];

  const tooDeep = (): YamlRefusal => ({
    offset,
    message: `collections are nested more than ${limits.maxDepth} deep; the file is not read`,
  });
  /** A content token starts at `column` on the current line. */
  const content = (seqIndicator: boolean): YamlRefusal | undefined => {
    if (flow > 0) return blocks.length + flow > limits.maxDepth ? tooDeep() : undefined;
    if (!lineStarted) {
      lineStarted = true;
      for (let top = blocks.at(-1); top; top = blocks.at(-1)) {
        if (top.column > column || (top.column === column && top.seq && !seqIndicator)) blocks.pop();
        else break;
      }
      const top = blocks.at(-1);
      if (!top || top.column < column || top.seq !== seqIndicator) blocks.push({ column, seq: seqIndicator });
    } else if (seqIndicator || afterIndicator) {
      // `- - a`, `- key: value`: each indicator on a line opens one more level.
      blocks.push({ column, seq: seqIndicator });
    }
    afterIndicator = seqIndicator;
    return blocks.length > limits.maxDepth ? tooDeep() : undefined;
  };

  for (const token of new Lexer().lex(text)) {
    if (++tokens > limits.maxTokens)
      return { offset, message: `the file has more than ${count(limits.maxTokens)} YAML tokens; it is not read` };
    if (MARKERS.has(token)) {
      if (token === CST.SCALAR) scalarText = true;
      else if (token === CST.FLOW_END) flow = 0;
      continue;
    }
    let refusal: YamlRefusal | undefined;
    if (scalarText) {
      scalarText = false;
      if (++nodes > limits.maxNodes) return tooManyNodes(offset, limits);
      // A block scalar's text (the lines below its header) is one value, not structure.
      if (blockScalar) blockScalar = false;
      else refusal = content(false);
    } else {
      switch (CST.tokenType(token)) {
        case 'newline':
          column = 0;
          lineStarted = false;
          afterIndicator = false;
          break;
        case 'space':
        case 'comment':
        case 'byte-order-mark':
        case 'directive-line':
          break;
        case 'doc-start':
        case 'doc-end':
          blocks.length = 0;
          flow = 0;
          lineStarted = true;
          break;
        case 'seq-item-ind':
        case 'explicit-key-ind':
          refusal = content(true);
          break;
        case 'map-value-ind':
        case 'comma':
          afterIndicator = false;
          break;
        case 'flow-map-start':
        case 'flow-seq-start':
          if (++nodes > limits.maxNodes) return tooManyNodes(offset, limits);
          refusal = content(false);
          flow++;
          if (blocks.length + flow > limits.maxDepth) refusal = tooDeep();
          break;
        case 'flow-map-end':
        case 'flow-seq-end':
          if (flow > 0) flow--;
          break;
        case 'alias':
          if (++aliases > limits.maxAliases)
            return { offset, message: `the file has more than ${count(limits.maxAliases)} aliases; it is not read` };
          if (++nodes > limits.maxNodes) return tooManyNodes(offset, limits);
          refusal = content(false);
          break;
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
          if (++nodes > limits.maxNodes) return tooManyNodes(offset, limits);
          refusal = content(false);
          break;
        case 'block-scalar-header':
          blockScalar = true;
          if (!lineStarted) refusal = content(false);
          break;
        default:
          // anchors and tags: properties of the value that follows
          if (!lineStarted) refusal = content(false);
          break;
      }
    }
    if (refusal) return refusal;
    offset += token.length;
    const lastBreak = token.lastIndexOf('\n');
    if (lastBreak < 0) column += token.length;
    else {
      column = token.length - lastBreak - 1;
      // A block scalar ends with its line break: the next line starts fresh.
      if (column === 0) {
        lineStarted = false;
        afterIndicator = false;
      }
    }
  }
  return undefined;
}

function tooManyNodes(offset: number, limits: YamlLimits): YamlRefusal {
  return { offset, message: `the file has more than ${count(limits.maxNodes)} YAML values (keys, items, scalars); it is not read` };
}
