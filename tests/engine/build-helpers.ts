import { parseContext } from '../../shared/domain/parse-context.js';
import type { SystemPromptContextInput } from '../../shared/domain/context.js';
import { defineVariant, type Variant } from '../../shared/domain/variant.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import type { VariantBuildResult } from '../../shared/engine/build/build-result.js';
import { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import type { ToolFile } from '../../shared/domain/tool.js';

export function variant(overrides: Partial<Variant> = {}): Variant {
  return defineVariant({ id: 'v', family: 'fam', description: 'a variant for tests', ...overrides });
}

/** Components that return fixed texts (undefined entries return nothing, Error entries throw). */
export function registry(components: Record<string, string | undefined | Error> = {}): ComponentRegistry {
  const r = new ComponentRegistry();
  for (const [id, value] of Object.entries(components)) {
    r.register(id, () => {
      if (value instanceof Error) throw value;
      return value;
    });
  }
  return r;
}

export function build(
  v: Partial<Variant>,
  opts: {
    components?: Record<string, string | undefined | Error> | ComponentRegistry;
    context?: SystemPromptContextInput;
    tools?: Record<string, ToolFile>;
    now?: string;
    processCwd?: string;
  } = {},
): VariantBuildResult {
  return buildVariantPrompt({
    variant: variant(v),
    context: parseContext(opts.context ?? { cwd: '/proj' }),
    components: opts.components instanceof ComponentRegistry ? opts.components : registry(opts.components),
    tools: new Map(Object.entries(opts.tools ?? {})),
    options: { now: opts.now ?? '2026-01-15', processCwd: opts.processCwd ?? '/tmp' },
  });
}
