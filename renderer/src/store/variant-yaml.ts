import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { deleteIn, moveSeqItem, renameKey, setIn, YamlSourceError } from '../../../shared/yaml-source/edit-yaml-source';
import { scanTags, type TagMatch } from '../../../shared/engine/text/placeholder-scan';

/**
 * Structured edits of a variant.yaml TEXT. Each edit changes only the lines it is about
 * (shared/yaml-source: the text is spliced where the parsed document says the value is), so
 * comments, flow/block style, quoting and line width survive and a one-value change is a
 * one-line diff. The host stays the only writer of files: the new text goes out with
 * doc:update like any other edit.
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

/** Runs a source edit; its errors become VariantYamlErrors. */
function edit(run: () => string): string {
  try {
    return run();
  } catch (e) {
    if (e instanceof YamlSourceError) throw new VariantYamlError(e.message.replace('the YAML file', 'variant.yaml'));
    throw e;
  }
}

/** Moves one entry of componentOrder: the entry's line moves, nothing else changes. */
export function moveComponent(text: string, from: number, to: number): string {
  const order = readVariantYaml(text);
  if (order.error) throw new VariantYamlError(order.error);
  if (!isSeq(parse(text).get('componentOrder', true))) throw new VariantYamlError('variant.yaml has no componentOrder list');
  return edit(() => moveSeqItem(text, ['componentOrder'], from, to));
}

/** Enables or disables a component through componentOverrides.<id>.enabled (entries left empty go). */
export function setComponentEnabled(text: string, id: string, enabled: boolean): string {
  if (!enabled) return edit(() => setIn(text, ['componentOverrides', id, 'enabled'], false));
  const overrides = parse(text).get('componentOverrides', true);
  if (!isMap(overrides) || !overrides.has(id)) return text;
  return edit(() => {
    let out = deleteIn(text, ['componentOverrides', id, 'enabled']);
    const entry = parse(out).getIn(['componentOverrides', id], true);
    if (!isMap(entry) || entry.items.length === 0) out = deleteIn(out, ['componentOverrides', id]);
    // Nothing left under componentOverrides (`componentOverrides:` or `{}`): the key goes too.
    const all = parse(out).get('componentOverrides');
    if (!isMap(all) || all.items.length === 0) out = deleteIn(out, ['componentOverrides']);
    return out;
  });
}

export const PLACEHOLDER_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function setPlaceholder(text: string, key: string, value: string): string {
  if (!PLACEHOLDER_KEY.test(key)) throw new VariantYamlError(`'${key}' is not a placeholder name (letters, digits, _ . -)`);
  parse(text);
  return edit(() => setIn(text, ['placeholders', key], value));
}

export function renamePlaceholder(text: string, from: string, to: string): string {
  if (from === to) return text;
  if (!PLACEHOLDER_KEY.test(to)) throw new VariantYamlError(`'${to}' is not a placeholder name (letters, digits, _ . -)`);
  const map = parse(text).get('placeholders', true);
  if (isMap(map) && map.has(to)) throw new VariantYamlError(`a placeholder named ${to} exists already`);
  if (!isMap(map) || !map.has(from)) throw new VariantYamlError(`no placeholder named ${from}`);
  return edit(() => renameKey(text, ['placeholders'], from, to));
}

export function removePlaceholder(text: string, key: string): string {
  parse(text);
  return edit(() => deleteIn(text, ['placeholders', key]));
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
