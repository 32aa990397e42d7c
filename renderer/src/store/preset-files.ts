import { stringify as stringifyYaml } from 'yaml';
import { SystemPromptContextSchema } from '../../../shared/domain/context';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import { getIn as getYamlIn, syncIn } from '../../../shared/yaml-source/edit-yaml-source';
import { describeYamlProblem, readYaml } from '../../../shared/yaml/bounded-yaml';
import { isObject } from '../ui/json-path';
import { deepMerge } from './context-slice';

/**
 * What the context slice does with preset files and contexts that needs YAML or the context's
 * schema: reading a preset (its `extends` followed), writing one, and checking an edited
 * context. A chunk of its own (context-slice.ts loads it when a preset is first read), so the
 * first screen's script holds neither: the preview needs only the preset's name (the host
 * reads and checks it).
 */

type Json = Record<string, unknown>;

export function validateContext(context: Json): string | null {
  const r = SystemPromptContextSchema.safeParse(context);
  if (r.success) return null;
  const i = r.error.issues[0]!;
  return `${i.path.join('.') || 'context'}: ${i.message}`;
}

/** Reads a preset and the presets it extends (through the host, as documents). */
export async function resolvePreset(
  read: (ref: DocRef) => Promise<string | undefined>,
  name: string,
): Promise<{ context: Json; description: string; kind: 'variant' | 'stack' } | string> {
  const chain: string[] = [];
  const layers: Json[] = [];
  let description = '';
  let kind: 'variant' | 'stack' = 'variant';
  let cur: string | undefined = name;
  while (cur !== undefined) {
    if (chain.includes(cur)) return `preset ${name}: 'extends' makes a cycle (${[...chain, cur].join(' -> ')})`;
    chain.push(cur);
    const text = await read({ kind: 'preset', name: cur });
    if (text === undefined) return `preset ${cur} cannot be read`;
    const yaml = readYaml(text);
    if (!yaml.ok) return `contexts/${cur}.yaml: ${describeYamlProblem(yaml)}`;
    const parsed = yaml.value;
    const file = (isObject(parsed) ? parsed : {}) as { context?: unknown; extends?: unknown; description?: unknown; kind?: unknown };
    if (chain.length === 1 && typeof file.description === 'string') description = file.description;
    if (chain.length === 1 && file.kind === 'stack') kind = 'stack';
    layers.unshift(isObject(file.context) ? file.context : {});
    cur = typeof file.extends === 'string' ? file.extends : undefined;
  }
  return { context: layers.reduce((acc, l) => deepMerge(acc, l), {} as Json), description, kind };
}

/** What a preset's own `context` holds so that, over `base` (its `extends`), it gives `context`. */
export function overridesOf(base: Json, context: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(context)) {
    const b = base[k];
    if (isObject(v) && isObject(b)) {
      const sub = overridesOf(b, v);
      if (Object.keys(sub).length > 0) out[k] = sub;
    } else if (JSON.stringify(v) !== JSON.stringify(b)) out[k] = v;
  }
  return out;
}

/**
 * A preset file's text with `context` (and `description`, when given) written into it as
 * the fewest line changes. A preset that extends another keeps only what differs from it.
 */
export async function presetFileWith(
  text: string,
  context: Json,
  description: string | undefined,
  read: (ref: DocRef) => Promise<string | undefined>,
): Promise<string | { error: string }> {
  try {
    const ext = getYamlIn(text, ['extends']);
    let layer = context;
    if (typeof ext === 'string') {
      const base = await resolvePreset(read, ext);
      if (typeof base === 'string') return { error: base };
      layer = overridesOf(base.context, context);
    }
    let out = syncIn(text, ['context'], layer);
    if (description !== undefined) out = syncIn(out, ['description'], description);
    return out;
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** The text of a new preset file holding `context`. */
export function newPresetText(description: string, context: Json): string {
  return stringifyYaml({ description, context });
}
