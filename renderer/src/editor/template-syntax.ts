import { SystemPromptContextSchema } from '../../../shared/domain/context';
import { SECTION_IDS, STANDARD_PLACEHOLDER_KEYS } from '../../../shared/engine/sections';
import { scanTags } from '../../../shared/engine/text/placeholder-scan';
import { BASE_KEYS } from '../../../shared/engine/components/builtin/variables';

/** Pure helpers behind the template language (no Monaco here, so they are easy to test). */

export interface KeySpan {
  /** The key as the engine reads it (trimmed). */
  key: string;
  /** Offsets of the whole `{{...}}` tag. */
  start: number;
  end: number;
  block: boolean;
}

/** The `{{...}}` tag around an offset, if any (found with the engine's own tag scanner, from the line's start). */
export function keyAt(text: string, offset: number): KeySpan | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  for (const tag of scanTags(text, lineStart)) {
    if (tag.start > offset) return undefined;
    if (offset <= tag.end) {
      const raw = tag.raw.trim();
      const block = /^[#/]/.test(raw) || raw === 'else';
      const key = block ? raw.replace(/^[#/](if|unless|each)\s*/, '').replace(/\s*(==|!=).*$/, '') : raw;
      return { key, start: tag.start, end: tag.end, block };
    }
  }
  return undefined;
}

/** Whether the cursor is inside an unclosed `{{` on its line; returns the partial key typed so far. */
export function openTagBefore(lineBeforeCursor: string): { partial: string; block: boolean } | undefined {
  const open = lineBeforeCursor.lastIndexOf('{{');
  if (open < 0) return undefined;
  const rest = lineBeforeCursor.slice(open + 2);
  if (rest.includes('}}')) return undefined;
  const trimmed = rest.trimStart();
  const blockMatch = /^#(if|unless|each)\s+(.*)$/.exec(trimmed);
  if (blockMatch) return { partial: blockMatch[2]!, block: true };
  return { partial: trimmed, block: false };
}

/** Context paths a template can read (`context.<path>`), from the context schema. */
export const CONTEXT_PATHS: readonly string[] = (() => {
  const nested: Record<string, string[]> = {
    providerInfo: ['providerId', 'model.id', 'model.info.contextWindow', 'model.info.maxTokens', 'mode', 'customPrompt'],
    editorTabs: ['open', 'visible'],
    browserSettings: ['viewport.width', 'viewport.height'],
    focusChainSettings: ['enabled', 'remindClineInterval'],
    machine: ['os', 'shell', 'homeDir', 'platform'],
  };
  const out: string[] = [];
  for (const key of Object.keys(SystemPromptContextSchema.shape)) {
    out.push(`context.${key}`);
    for (const sub of nested[key] ?? []) out.push(`context.${key}.${sub}`);
  }
  return out;
})();

/** Variables a component template can read: the engine's base keys, with the fields of `variant` and `sections` spelled out. */
export const BASE_VARIABLES: readonly string[] = [
  ...BASE_KEYS.filter((k) => k !== 'variant' && k !== 'sections'),
  'variant.id',
  'variant.family',
  'variant.version',
  'variant.config',
  'variant.placeholders',
  ...SECTION_IDS.map((s) => `sections.${s}`),
];

export { SECTION_IDS, STANDARD_PLACEHOLDER_KEYS };
