import type { ContextPreset } from '../../domain/preset.js';
import type { Variant } from '../../domain/variant.js';
import { buildVariantPrompt } from '../build/build-variant-prompt.js';
import type { VariantBuildResult } from '../build/build-result.js';
import { sectionKey } from '../compare/section-texts.js';
import type { BuildOptions } from '../environment.js';
import { stablePrefixChars } from '../volatility/cache-report.js';
import { locateOrigin } from '../volatility/origin-location.js';
import { describeField } from '../volatility/volatile-fields.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import type { LintFinding } from './lint-finding.js';

/** A build with its volatile ranges (what the cache checks read). */
export function trackedBuild(ws: WorkspaceSnapshot, variant: Variant, preset: ContextPreset, options: BuildOptions): VariantBuildResult {
  return buildVariantPrompt({
    variant,
    context: preset.context,
    components: ws.components,
    tools: ws.tools,
    options,
    trackVolatility: true,
  });
}

/** A row key as its template slot: `{{TOOL_USE_SECTION}}` (placeholder rows are written so already). */
function slotOf(key: string): string {
  return key.startsWith('{{') ? key : `{{${key}}}`;
}

/** The rows (components, placeholders) of the text after `from` with no volatile byte: content that could precede the first volatile byte. */
function stableRowsAfter(result: VariantBuildResult, from: number): { ids: string[]; chars: number } {
  const volatile = result.volatile ?? [];
  const touched = new Set<string>();
  const size = new Map<string, number>();
  for (const s of result.sections) {
    if (s.end <= from) continue;
    const key = sectionKey(s);
    if (s.source.kind === 'template') continue;
    size.set(key, (size.get(key) ?? 0) + (s.end - Math.max(s.start, from)));
    if (s.start < from || volatile.some((r) => r.start < s.end && r.end > s.start)) touched.add(key);
  }
  const ids = [...size.keys()].filter((k) => !touched.has(k) && (size.get(k) ?? 0) > 0);
  return { ids, chars: ids.reduce((n, k) => n + size.get(k)!, 0) };
}

/**
 * Prompt-caching checks of one variant under one preset: volatile text that comes before
 * whole sections that are stable (moving them first would lengthen the cached prefix); and,
 * given the build of the same variant and preset before an edit, a stable prefix the edit
 * made shorter.
 */
export function lintCacheStability(
  ws: WorkspaceSnapshot,
  variant: Variant,
  preset: ContextPreset,
  result: VariantBuildResult,
  before?: VariantBuildResult | undefined,
): LintFinding[] {
  const findings: LintFinding[] = [];
  const volatile = result.volatile ?? [];
  const prefix = stablePrefixChars(volatile, result.text.length);
  const first = volatile.find((r) => r.start === prefix);
  const where = (origin: NonNullable<typeof first>['origin']) => locateOrigin(ws, variant, origin);
  if (first) {
    const after = stableRowsAfter(result, prefix);
    if (after.ids.length > 0) {
      const loc = where(first.origin);
      const fields = first.fields.map(describeField).join(', ');
      const by = loc?.label ?? 'the build';
      const holder = result.sections.find((s) => s.start <= prefix && prefix < s.end);
      const slot = holder && holder.source.kind !== 'template' ? slotOf(sectionKey(holder)) : undefined;
      const templateFile = variant.files?.template ?? `variants/${variant.id}/template.md`;
      findings.push({
        code: 'CACHE_VOLATILE_BEFORE_STABLE',
        severity: 'warning',
        // The same words for every variant this happens in (the numbers are in the detail), so they group.
        message: `${fields}, read by ${by}, ends the cacheable prefix, but sections that never change between sessions come after it`,
        detail: `the prefix ends at character ${prefix}; after it come ${after.ids.join(', ')} (${after.chars} characters) in ${templateFile}`,
        fix: `keep ${fields} out of ${by}, or move the sections that never change ${slot ? `above ${slot}` : 'before it'} in the variant's template, so the cached prefix holds them`,
        file: loc?.file ?? variant.files?.config ?? `variants/${variant.id}/variant.yaml`,
        line: loc?.line,
        column: loc?.column,
        variantId: variant.id,
        preset: preset.name,
      });
    }
  }
  if (before?.volatile) {
    const was = stablePrefixChars(before.volatile, before.text.length);
    if (prefix < was) {
      const loc = first ? where(first.origin) : undefined;
      findings.push({
        code: 'CACHE_PREFIX_SHORTENED',
        fix: 'move the text that reads the volatile field back after the sections that never change, where it was before the edit',
        severity: 'warning',
        message: `the edit shortens the stable prefix from ${was} to ${prefix} characters${first ? `: ${first.fields.map(describeField).join(', ')}, read by ${loc?.label ?? 'the build'}, now comes earlier` : ''}`,
        file: loc?.file ?? variant.files?.config ?? `variants/${variant.id}/variant.yaml`,
        line: loc?.line,
        column: loc?.column,
        variantId: variant.id,
        preset: preset.name,
      });
    }
  }
  return findings;
}
