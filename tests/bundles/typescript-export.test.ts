import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContext } from '../../shared/domain/parse-context.js';
import type { Variant } from '../../shared/domain/variant.js';
import { typeScriptFiles, templateLiteral } from '../../shared/export/typescript-export.js';
import { selectVariant } from '../../shared/engine/selection/select-variant.js';
import { evaluateMatcher } from '../../shared/engine/selection/evaluate-matcher.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { defineVariant } from '../../shared/domain/variant.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';

/**
 * The TypeScript export of every built-in variant compiles with tsc --strict and means what the
 * workspace means. (skipLibCheck only skips re-checking TypeScript's own lib .d.ts files.)
 */

const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
// One hostile variant: a template with backticks, ${...}, backslashes and CR, a matcher with a bad regex.
const hostile: Variant = defineVariant({
  id: '9-lives.v2',
  description: 'Backticks ` and ${not.interpolated} and \\ and a CR\r\nin one',
  baseTemplate: 'A `tick`, ${x}, \\{{AGENT_ROLE_SECTION}}\\n, a CR\r\nand \u2028 a line separator',
  componentOrder: ['AGENT_ROLE_SECTION'],
  componentOverrides: { AGENT_ROLE_SECTION: { template: 'Role `${y}`\r\n', enabled: true, order: 0 } },
  matcher: { any: [{ modelId: { regex: '([', ignoreCase: true } }, { customPrompt: { equals: 'Compact', ignoreCase: false } }] },
});
const variants = [...ws.variants, hostile];
const files = typeScriptFiles({ variants, fallback: ws.config.fallback, workspaceName: ws.config.name, appVersion: '0.1.0' });

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-ts-'));
  for (const [rel, text] of files) fs.writeFileSync(path.join(dir, rel), text);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function diagnostics(options: ts.CompilerOptions): string[] {
  const program = ts.createProgram(
    [...files.keys()].map((f) => path.join(dir, f)),
    options,
  );
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('TypeScript export', () => {
  it('writes types.ts, one module per variant and index.ts', () => {
    expect([...files.keys()]).toEqual(['types.ts', ...variants.map((v) => `${v.id}.ts`), 'index.ts']);
  });

  it('compiles with tsc --strict as it is (default module settings)', () => {
    expect(diagnostics({ strict: true, noEmit: true, skipLibCheck: true })).toEqual([]);
  });

  it('compiles with tsc --strict under NodeNext modules and the strictest extra checks', () => {
    expect(
      diagnostics({
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        noUnusedLocals: true,
        noUnusedParameters: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        noImplicitReturns: true,
        verbatimModuleSyntax: false,
        isolatedModules: true,
      }),
    ).toEqual([]);
  });

  describe('the compiled modules', () => {
    type Exported = {
      variants: {
        id: string;
        baseTemplate: string;
        componentOverrides: Record<string, { template?: string }>;
        matcherSpec: unknown;
        matcher: (c: unknown) => boolean;
      }[];
      selectVariant: (c: unknown) => { id: string } | undefined;
      fallbackVariantId: string;
    };
    let mod: Exported;
    beforeAll(() => {
      const out = path.join(dir, 'cjs');
      const program = ts.createProgram(
        [...files.keys()].map((f) => path.join(dir, f)),
        { strict: true, skipLibCheck: true, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, outDir: out },
      );
      const emitted = program.emit();
      expect(emitted.emitSkipped).toBe(false);
      fs.writeFileSync(path.join(out, 'package.json'), '{"type":"commonjs"}');
      mod = createRequire(import.meta.url)(path.join(out, 'index.js')) as Exported;
    });

    it('hold every variant’s texts exactly, in selection order', () => {
      expect(mod.variants.map((v) => v.id)).toEqual(variants.map((v) => v.id));
      for (const [i, v] of variants.entries()) {
        const exported = mod.variants[i]!;
        expect(exported.baseTemplate, v.id).toBe(v.baseTemplate);
        for (const [id, o] of Object.entries(v.componentOverrides))
          expect(exported.componentOverrides[id]?.template, `${v.id}/${id}`).toBe(o.template);
        expect(exported.matcherSpec).toEqual(v.matcher ?? null);
      }
      expect(mod.fallbackVariantId).toBe('generic');
    });

    it('generated predicates agree with the engine’s matchers, and selection with the engine’s selection', () => {
      const context = fc.record({
        providerId: fc.constantFrom('anthropic', 'openai', 'OpenAI', 'google', 'ollama', 'lmstudio', ''),
        model: fc.constantFrom(
          'gpt-5',
          'GPT-5-mini',
          'o3',
          'claude-sonnet-4',
          'gemini-3-pro',
          'glm-4.6',
          'hermes-4',
          'devstral-small',
          'qwen3-coder:30b',
          'x',
          '',
        ),
        customPrompt: fc.option(fc.constantFrom('compact', 'Compact', 'other'), { nil: undefined }),
        mode: fc.constantFrom('act' as const, 'plan' as const),
        flags: fc.record({
          supportsBrowserUse: fc.boolean(),
          enableNativeToolCalls: fc.boolean(),
          yoloModeToggled: fc.boolean(),
          isMultiRootEnabled: fc.boolean(),
          focus: fc.boolean(),
        }),
      });
      let matched = 0;
      fc.assert(
        fc.property(context, (c) => {
          const parsed = parseContext({
            providerInfo: {
              providerId: c.providerId,
              model: { id: c.model },
              mode: c.mode,
              ...(c.customPrompt ? { customPrompt: c.customPrompt } : {}),
            },
            supportsBrowserUse: c.flags.supportsBrowserUse,
            enableNativeToolCalls: c.flags.enableNativeToolCalls,
            yoloModeToggled: c.flags.yoloModeToggled,
            isMultiRootEnabled: c.flags.isMultiRootEnabled,
            focusChainSettings: { enabled: c.flags.focus },
          });
          for (const [i, v] of variants.entries()) {
            let expected: boolean;
            try {
              expected = v.matcher ? evaluateMatcher(v.matcher, parsed).matched : false;
            } catch {
              expected = false;
            }
            if (expected) matched++;
            expect(mod.variants[i]!.matcher(parsed), `${v.id} for ${JSON.stringify(c)}`).toBe(expected);
          }
          const engine = selectVariant(variants, parsed, 'generic');
          expect(mod.selectVariant(parsed)?.id).toBe(engine.ok ? engine.variant.id : undefined);
        }),
        { numRuns: 400 },
      );
      expect(matched).toBeGreaterThan(100);
    });
  });
});

it('a template literal keeps the exact text', () => {
  const text = 'a`b${c}\\d\r\ne\u2028';
  // Evaluating the generated literal is the point.
  expect(new Function(`return ${templateLiteral(text)};`)()).toBe(text);
});
