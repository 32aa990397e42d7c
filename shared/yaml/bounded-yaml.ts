import {
  Composer,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  YAMLParseError,
  type Document,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';
import { measureYaml } from './measure-yaml.js';
import { YAML_LIMITS, type YamlLimits } from './yaml-limits.js';

/**
 * The one way the app parses YAML. Every reader (workspace files, stack and harness profiles,
 * rule frontmatter, bundles, the CLI's context files, the host's quick reads) comes through
 * here, so a file from someone else cannot crash, hang or exhaust the process:
 * - the text is measured first (size, tokens, values, aliases, nesting depth; measureYaml),
 *   and refused with a message when over a limit, before the parser sees it;
 * - duplicate keys are found with one set per map (the parser's own check compares each key
 *   with every earlier one: two minutes for 40,000 keys);
 * - aliases expand at most YAML_LIMITS.maxAliasExpansion-fold when the value is built;
 * - nothing throws: every failure is a message (with a line and column when known).
 * The schema is always YAML 1.2 core (a `%YAML 1.1` directive does not switch on merge keys
 * or the 1.1 types).
 */

export interface YamlProblem {
  message: string;
  /** 1-based, when known. */
  line?: number | undefined;
  column?: number | undefined;
}

export interface BoundedYamlOptions {
  limits?: YamlLimits | undefined;
  /** Receives the line starts of the text (for positions of nodes and errors). */
  lineCounter?: LineCounter | undefined;
}

export type BoundedYamlDocument =
  { ok: true; doc: Document.Parsed; lineCounter: LineCounter } | { ok: false; problem: YamlProblem; lineCounter: LineCounter };

const OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  schema: 'core',
  merge: false,
  uniqueKeys: false,
  prettyErrors: false,
  keepSourceTokens: false,
};

function messageOf(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

/** The line starts of a text the parser did not see. */
function countLines(counter: LineCounter, text: string): void {
  counter.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) counter.addNewLine(i + 1);
}

function at(counter: LineCounter, offset: number, message: string): YamlProblem {
  const pos = counter.linePos(offset);
  return { message, line: pos.line, column: pos.col };
}

/** Adds a DUPLICATE_KEY error for every repeated scalar key (one set per map, no quadratic scan). */
function checkDuplicateKeys(doc: Document.Parsed): void {
  const found: YAMLParseError[] = [];
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const keys = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key;
        if (isScalar(key)) {
          if (keys.has(key.value)) {
            const start = key.range?.[0] ?? 0;
            found.push(new YAMLParseError([start, start + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
          }
          keys.add(key.value);
        } else pending.push(key);
        pending.push(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    } else if (isPair(node)) {
      pending.push(node.key, node.value);
    } else if (isAlias(node)) {
      // an alias repeats a node checked where it is defined
    }
  }
  if (found.length === 0) return;
  doc.errors.push(...found);
  doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
}

/**
 * Parses one YAML document within the limits. Syntax errors stay in `doc.errors` (with
 * duplicate keys among them); a text over a limit, or one the parser cannot take, comes
 * back as a problem instead of a document.
 */
export function parseYamlDocument(text: string, options: BoundedYamlOptions = {}): BoundedYamlDocument {
  const limits = options.limits ?? YAML_LIMITS;
  const counter = options.lineCounter ?? new LineCounter();
  const refusal = measureYaml(text, limits);
  if (refusal) {
    countLines(counter, text);
    return { ok: false, problem: at(counter, refusal.offset, refusal.message), lineCounter: counter };
  }
  try {
    const parser = new Parser(counter.addNewLine);
    const composer = new Composer(OPTIONS);
    let doc: Document.Parsed | undefined;
    for (const next of composer.compose(parser.parse(text), true, text.length)) {
      if (!doc) doc = next;
      else {
        doc.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'the file holds more than one YAML document'));
        break;
      }
    }
    if (!doc) return { ok: false, problem: { message: 'the YAML parser returned no document' }, lineCounter: counter };
    checkDuplicateKeys(doc);
    return { ok: true, doc, lineCounter: counter };
  } catch (error) {
    return { ok: false, problem: { message: `the YAML cannot be parsed: ${messageOf(error)}` }, lineCounter: counter };
  }
}

/** The plain data of a parsed document, with alias expansion bounded; never throws. */
export function yamlDocumentValue(
  doc: Document.Parsed,
  limits: YamlLimits = YAML_LIMITS,
): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: limits.maxAliasExpansion }) };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

export type YamlValue = { ok: true; value: unknown } | ({ ok: false } & YamlProblem);

/** Parses a YAML text into plain data: the value, or the first problem (a refusal, a syntax error, an alias error). */
export function readYaml(text: string, options: BoundedYamlOptions = {}): YamlValue {
  const parsed = parseYamlDocument(text, options);
  if (!parsed.ok) return { ok: false, ...parsed.problem };
  const first = parsed.doc.errors[0];
  if (first) return { ok: false, ...at(parsed.lineCounter, first.pos[0], messageOf(first)) };
  const value = yamlDocumentValue(parsed.doc, options.limits);
  if (!value.ok) return { ok: false, message: value.message, line: 1, column: 1 };
  return value;
}

/** "line 3, column 5: message" (or the message alone). */
export function describeYamlProblem(problem: YamlProblem): string {
  return problem.line !== undefined ? `line ${problem.line}, column ${problem.column ?? 1}: ${problem.message}` : problem.message;
}

/** A top-level field of a YAML mapping (undefined when the text does not read as one). */
export function yamlField(text: string, key: string): unknown {
  const read = readYaml(text);
  if (!read.ok || read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) return undefined;
  return (read.value as Record<string, unknown>)[key];
}
