import { isMap, isScalar, isSeq, parseDocument, Scalar, type Document, type YAMLMap } from 'yaml';
import { scanTags, type TagMatch } from '../../../shared/engine/text/placeholder-scan';

/**
 * Structured edits of a variant.yaml TEXT. Each edit parses the text with the yaml
 * Document API, changes only the nodes it is about, and writes the text back, so comments,
 * key order and the style of everything else survive. The host stays the only writer of
 * files: the new text goes out with doc:update like any other edit.
 */

export class VariantYamlError extends Error {}

export interface VariantOutline {
  componentOrder: string[];
  overrides: Record<string, { enabled?: boolean; order?: number; hasTemplate: boolean }>;
  placeholders: Record<string, string>;
  tools: string[];
}

function parse(text: string): Document.Parsed {
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new VariantYamlError(`variant.yaml cannot be read: ${e.message.split('\n')[0]}`);
  }
  return doc;
}

const cache = { text: '', value: null as VariantOutline | null, error: null as string | null };

/** What the components list and the placeholders table show; memoised on the text. */
export function readVariantYaml(text: string): { value: VariantOutline | null; error: string | null } {
  if (cache.text === text && (cache.value || cache.error)) return { value: cache.value, error: cache.error };
  let value: VariantOutline | null = null;
  let error: string | null = null;
  try {
    const js = (parse(text).toJS() ?? {}) as Record<string, unknown>;
    const order = Array.isArray(js.componentOrder) ? js.componentOrder.map(String) : [];
    const overrides: VariantOutline['overrides'] = {};
    const rawOverrides = (js.componentOverrides ?? {}) as Record<string, Record<string, unknown> | null>;
    for (const [id, o] of Object.entries(rawOverrides)) {
      overrides[id] = {
        ...(typeof o?.enabled === 'boolean' ? { enabled: o.enabled } : {}),
        ...(typeof o?.order === 'number' ? { order: o.order } : {}),
        hasTemplate: typeof o?.template === 'string',
      };
    }
    const placeholders: Record<string, string> = {};
    for (const [k, v] of Object.entries((js.placeholders ?? {}) as Record<string, unknown>)) placeholders[k] = v == null ? '' : String(v);
    const tools = Array.isArray(js.tools) ? js.tools.map(String) : [];
    value = { componentOrder: order, overrides, placeholders, tools };
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  cache.text = text;
  cache.value = value;
  cache.error = error;
  return { value, error };
}

/** Moves one entry of componentOrder; the sequence node is kept (style and comments). */
export function moveComponent(text: string, from: number, to: number): string {
  const doc = parse(text);
  const seq = doc.get('componentOrder', true);
  if (!isSeq(seq)) throw new VariantYamlError('variant.yaml has no componentOrder list');
  if (from < 0 || from >= seq.items.length || to < 0 || to >= seq.items.length) throw new VariantYamlError('no such position');
  if (from === to) return text;
  const [item] = seq.items.splice(from, 1);
  seq.items.splice(to, 0, item!);
  return doc.toString();
}

function overridesMap(doc: Document.Parsed, id: string): YAMLMap {
  let all = doc.get('componentOverrides', true);
  if (!isMap(all)) {
    doc.set('componentOverrides', doc.createNode({}));
    all = doc.get('componentOverrides', true);
  }
  const map = all as YAMLMap;
  if (map.flow && map.items.length === 0) map.flow = false;
  let entry = map.get(id, true);
  if (!isMap(entry)) {
    map.set(id, doc.createNode({}));
    entry = map.get(id, true);
  }
  return entry as unknown as YAMLMap;
}

/** Enables or disables a component through componentOverrides.<id>.enabled. */
export function setComponentEnabled(text: string, id: string, enabled: boolean): string {
  const doc = parse(text);
  if (enabled) {
    const all = doc.get('componentOverrides', true);
    if (!isMap(all) || !all.has(id)) return text;
    const entry = all.get(id, true);
    if (isMap(entry)) {
      entry.delete('enabled');
      if (entry.items.length === 0) all.delete(id);
    }
    if (all.items.length === 0) doc.delete('componentOverrides');
  } else {
    const entry = overridesMap(doc, id);
    entry.set('enabled', false);
  }
  return doc.toString();
}

function placeholdersMap(doc: Document.Parsed): YAMLMap {
  let map = doc.get('placeholders', true);
  if (!isMap(map)) {
    doc.set('placeholders', doc.createNode({}));
    map = doc.get('placeholders', true);
  }
  const m = map as YAMLMap;
  if (m.flow && m.items.length === 0) m.flow = false;
  return m;
}

export const PLACEHOLDER_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function setPlaceholder(text: string, key: string, value: string): string {
  if (!PLACEHOLDER_KEY.test(key)) throw new VariantYamlError(`'${key}' is not a placeholder name (letters, digits, _ . -)`);
  const doc = parse(text);
  const map = placeholdersMap(doc);
  const node = map.get(key, true);
  if (isScalar(node)) node.value = value;
  else map.set(key, new Scalar(value));
  return doc.toString();
}

export function renamePlaceholder(text: string, from: string, to: string): string {
  if (from === to) return text;
  if (!PLACEHOLDER_KEY.test(to)) throw new VariantYamlError(`'${to}' is not a placeholder name (letters, digits, _ . -)`);
  const doc = parse(text);
  const map = placeholdersMap(doc);
  if (map.has(to)) throw new VariantYamlError(`a placeholder named ${to} exists already`);
  const pair = map.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === from);
  if (!pair) throw new VariantYamlError(`no placeholder named ${from}`);
  if (isScalar(pair.key)) pair.key.value = to;
  else pair.key = new Scalar(to);
  return doc.toString();
}

export function removePlaceholder(text: string, key: string): string {
  const doc = parse(text);
  const map = doc.get('placeholders', true);
  if (!isMap(map) || !map.has(key)) return text;
  map.delete(key);
  return doc.toString();
}

/** The template's `{{...}}` tags whose key is `key` (the engine's own tag scanner). */
function tagsOf(template: string, key: string): TagMatch[] {
  const out: TagMatch[] = [];
  for (const tag of scanTags(template)) if (tag.raw.trim() === key) out.push(tag);
  return out;
}

/** Replaces `{{ from }}` slots by `{{to}}` (a placeholder rename carried into the template). */
export function renameTemplateKey(template: string, from: string, to: string): string {
  let out = '';
  let at = 0;
  for (const tag of tagsOf(template, from)) {
    out += `${template.slice(at, tag.start)}{{${to}}}`;
    at = tag.end;
  }
  return out + template.slice(at);
}

/** Where a key is used: the line numbers (1-based) of its slots in a template. */
export function keyUsages(template: string, key: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let at = 0;
  for (const tag of tagsOf(template, key)) {
    for (; at < tag.start; at++) if (template.charCodeAt(at) === 10) line++;
    lines.push(line);
  }
  return lines;
}

/**
 * Puts the template's component slots in the order of `order`: the slot tokens (`{{ID}}`)
 * trade places, everything between them (separators, headings, literal text) stays where it
 * is. Slots of ids not in `order` and keys that are not components do not move. Returns the
 * template unchanged when the slots already follow the order.
 */
export function reorderTemplateSlots(template: string, order: readonly string[]): string {
  const rank = new Map(order.map((id, i) => [id, i]));
  const slots: { start: number; end: number; id: string }[] = [];
  const seen = new Set<string>();
  for (const tag of scanTags(template)) {
    const id = tag.raw.trim();
    // Only the first slot of each component moves (a key used twice keeps its second place).
    if (rank.has(id) && !seen.has(id)) {
      seen.add(id);
      slots.push({ start: tag.start, end: tag.end, id });
    }
  }
  const sorted = [...slots].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  if (sorted.every((s, i) => s.id === slots[i]!.id)) return template;
  let out = '';
  let at = 0;
  slots.forEach((slot, i) => {
    out += template.slice(at, slot.start) + template.slice(sorted[i]!.start, sorted[i]!.end);
    at = slot.end;
  });
  return out + template.slice(at);
}
