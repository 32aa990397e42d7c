import type { Variant } from '../domain/variant.js';
import { buildVariantPrompt } from '../engine/build/build-variant-prompt.js';
import type { VariantBuildResult } from '../engine/build/build-result.js';
import { deterministicBuildOptions } from '../engine/snapshots/snapshot-files.js';
import type { WorkspaceSnapshot } from '../engine/workspace/workspace-snapshot.js';
import { renderedPaths } from './bundle-layout.js';

/**
 * Rendered prompts: each variant under each chosen preset, built with the same
 * machine-independent options as `variant-studio snapshot` (engine defaults for the machine,
 * a fixed date unless the preset sets one), so the Markdown equals the snapshot file.
 */

export interface RenderedBuild {
  variant: Variant;
  preset: string;
  result: VariantBuildResult;
}

/** Builds every variant x preset (presets of kind `variant` only; unknown names are skipped). */
export function renderBuilds(
  snapshot: WorkspaceSnapshot,
  variants: readonly Variant[],
  presets: readonly string[],
  date?: string,
): RenderedBuild[] {
  const options = deterministicBuildOptions(date);
  const out: RenderedBuild[] = [];
  for (const variant of variants) {
    for (const name of presets) {
      const preset = snapshot.presets.find((p) => p.name === name);
      if (!preset) continue;
      const result = buildVariantPrompt({
        variant,
        context: preset.context,
        components: snapshot.components,
        tools: snapshot.tools,
        options,
      });
      out.push({ variant, preset: name, result });
    }
  }
  return out;
}

/** A prompt as a Markdown file: the exact text and one final newline (the snapshot file format). */
export function promptMarkdown(result: VariantBuildResult): string {
  return `${result.text}\n`;
}

/** The structured build result as JSON (sections with provenance, components, placeholders, warnings, tools, sizes). */
export function resultJson(result: VariantBuildResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/** rendered/<variant>/<preset>.md and .json for every build. */
export function renderedFiles(builds: readonly RenderedBuild[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const b of builds) {
    const paths = renderedPaths(b.variant.id, b.preset);
    files.set(paths.markdown, promptMarkdown(b.result));
    files.set(paths.json, resultJson(b.result));
  }
  return files;
}
