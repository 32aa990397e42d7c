import { parseContext } from '../../../shared/domain/parse-context';
import { defineVariant } from '../../../shared/domain/variant';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import { buildVariantPrompt } from '../../../shared/engine/build/build-variant-prompt';
import { countLines } from '../../../shared/engine/text/line-count';
import { ComponentRegistry } from '../../../shared/engine/components/component-registry';
import type { PreviewResult } from '../../../shared/ipc/contract';

/** A real build of variant `v` from `template`, with components that return the given texts (in that order). */
export function builtVariant(template: string, components: Record<string, string>): VariantBuildResult {
  const registry = new ComponentRegistry();
  for (const [id, text] of Object.entries(components)) registry.register(id, () => text);
  return buildVariantPrompt({
    variant: defineVariant({
      id: 'v',
      family: 'f',
      description: 'for tests',
      baseTemplate: template,
      componentOrder: Object.keys(components),
    }),
    context: parseContext({ cwd: '/proj' }),
    components: registry,
    tools: new Map(),
    options: { now: '2026-01-15', processCwd: '/tmp' },
  });
}

/** That build as the host's preview result number `seq`, without a baseline. */
export function builtPreview(seq: number, template: string, components: Record<string, string>): PreviewResult {
  return {
    seq,
    target: { kind: 'variant', variantId: 'v' },
    outcome: { ok: true, kind: 'variant', result: builtVariant(template, components), durationMs: 1 },
    baseline: { spec: { kind: 'none' }, text: null },
  };
}

/**
 * A hand-made result of the variant `generic` as the host's preview result `seq`: `fields`
 * over a result with nothing in it (no sections, components, placeholders or warnings).
 */
export function variantPreview(seq: number, fields: Partial<VariantBuildResult> & Pick<VariantBuildResult, 'text'>): PreviewResult {
  const result: VariantBuildResult = {
    kind: 'variant',
    variantId: 'generic',
    family: 'generic',
    sections: [],
    components: [],
    placeholders: [],
    warnings: [],
    tools: { enabled: [], excluded: [] },
    sizes: { chars: fields.text.length, bytes: fields.text.length, lines: countLines(fields.text) },
    inputs: { currentDate: '2026-01-01', cwd: '/x' },
    ...fields,
  };
  return {
    seq,
    target: { kind: 'variant', variantId: 'generic' },
    outcome: { ok: true, kind: 'variant', result, durationMs: 1 },
    baseline: { spec: { kind: 'none' }, text: null },
  };
}
