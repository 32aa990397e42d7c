import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseContext } from '../../shared/domain/parse-context.js';
import { defineVariant } from '../../shared/domain/variant.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import { renderToolText } from '../../shared/engine/tools/tool-text.js';
import type { ToolSpec } from '../../shared/domain/tool.js';

/**
 * Every reference case produced by the original Cline v4.0.10 PromptBuilder must come out
 * of our engine byte for byte, with the same warnings (the messages Cline logs).
 */

type ComponentCase = { kind: 'text'; value: string } | { kind: 'undefined' } | { kind: 'throws'; message: string };
interface BuildCase {
  name: string;
  input: {
    baseTemplate: string;
    componentOrder: string[];
    components: Record<string, ComponentCase>;
    variantPlaceholders: Record<string, string>;
    family: string;
    variantId: string;
    context: Record<string, unknown>;
  };
  expected: string;
  warnings: string[];
}
interface ToolCase {
  name: string;
  input: { spec: ToolSpec; registryIds: string[]; context: Record<string, unknown> };
  expected: string;
}

const cases = JSON.parse(readFileSync(new URL('./cline-cases.json', import.meta.url), 'utf8')) as (BuildCase | ToolCase)[];
const CLINE_LOGGED = new Set(['COMPONENT_NOT_FOUND', 'COMPONENT_FAILED']);

function contextOf(raw: Record<string, unknown>): Record<string, unknown> {
  const context = { ...raw };
  const rp = context.runtimePlaceholders as Record<string, unknown> | undefined;
  if (rp && typeof rp === 'object' && '$undefined' in rp) delete context.runtimePlaceholders;
  return context;
}

function runBuildCase(c: BuildCase): { text: string; warnings: string[] } {
  const registry = new ComponentRegistry();
  for (const [id, comp] of Object.entries(c.input.components)) {
    registry.register(id, () => {
      if (comp.kind === 'throws') throw new Error(comp.message);
      return comp.kind === 'text' ? comp.value : undefined;
    });
  }
  const variant = defineVariant({
    id: c.input.variantId,
    family: c.input.family,
    description: 'conformance case',
    baseTemplate: c.input.baseTemplate,
    componentOrder: c.input.componentOrder,
    placeholders: c.input.variantPlaceholders,
  });
  const result = buildVariantPrompt({
    variant,
    context: parseContext(contextOf(c.input.context)),
    components: registry,
    tools: new Map(),
    options: { now: '2026-01-15', processCwd: '/tmp' },
  });
  return { text: result.text, warnings: result.warnings.filter((w) => CLINE_LOGGED.has(w.code)).map((w) => w.message) };
}

describe('Cline conformance: builds', () => {
  for (const c of cases.filter((c): c is BuildCase => c.name.startsWith('build: '))) {
    it(c.name, () => {
      const out = runBuildCase(c);
      expect(out.text).toBe(c.expected);
      expect(out.warnings).toEqual(c.warnings);
    });
  }
});

describe('Cline conformance: tool texts', () => {
  for (const c of cases.filter((c): c is ToolCase => c.name.startsWith('tool: '))) {
    it(c.name, () => {
      expect(renderToolText(c.input.spec, c.input.registryIds, parseContext(c.input.context))).toBe(c.expected);
    });
  }
});

it('holds every case of the reference file', () => {
  expect(cases.length).toBe(41);
});
