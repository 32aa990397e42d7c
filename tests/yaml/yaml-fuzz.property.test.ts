import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readContextFile } from '../../cli/workspace-input.js';
import { UsageError } from '../../cli/cli-io.js';
import { cliConnections } from '../../cli/run-setup.js';
import { readBundle } from '../../electron/host/bundles/read-bundle.js';
import { parseTestFile } from '../../electron/host/run/workspace-tests.js';
import { templateFileOf } from '../../electron/host/workspace-files.js';
import { applyRenames } from '../../shared/bundle/rename-ids.js';
import { BundleRejected } from '../../shared/bundle/rejection.js';
import { SystemPromptContextSchema } from '../../shared/domain/context.js';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { ToolFileSchema } from '../../shared/domain/tool.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { parseYamlFile } from '../../shared/engine/workspace/yaml-file.js';
import { loadHarnessProfile } from '../../shared/harness/profile/load.js';
import { parseFrontmatter } from '../../shared/harness/text/frontmatter.js';
import { loadStackProfile } from '../../shared/stack/load-profile.js';
import { parseYamlDocument, readYaml, yamlField } from '../../shared/yaml/bounded-yaml.js';
import { getIn, setIn, YamlSourceError } from '../../shared/yaml-source/edit-yaml-source.js';
import { craftBundle } from '../bundles/support/craft-zip.js';
import { miniWorkspace, writeTempWorkspace } from '../fixtures/temp-workspace.js';
import { hostsClosedAfterEach, miniWorkspace as hostWorkspace, tempDir, writeFiles } from '../host/support/fixtures.js';

/**
 * Issue 18: generated YAML — deep, wide, aliased, with duplicate keys, huge scalars, and
 * token soup — fed to every parser entry point of the host, the CLI and bundles. Each comes
 * back with a value or a problem; nothing throws out (only the error types an entry point
 * declares), nothing hangs (the test's timeout), nothing aborts the process.
 */

const nest = (open: string, close: string) => fc.integer({ min: 1, max: 3000 }).map((n) => `${open.repeat(n)}${close.repeat(n)}`);

const deep = fc.oneof(
  nest('[', ']'),
  nest('{a: ', '}'),
  fc.integer({ min: 1, max: 3000 }).map((n) => `${'- '.repeat(n)}x`),
  fc.integer({ min: 1, max: 400 }).map((n) => Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' end'),
  fc.integer({ min: 1, max: 400 }).map((n) => `${'? '.repeat(n)}x`),
);

const wide = fc.oneof(
  fc.integer({ min: 1, max: 45_000 }).map((n) => Array.from({ length: n }, (_, i) => `key_${i}: v${i}`).join('\n')),
  fc.integer({ min: 1, max: 45_000 }).map((n) => `[${Array.from({ length: n }, () => 'a').join(',')}]`),
  fc.integer({ min: 1, max: 30_000 }).map((n) => Array.from({ length: n }, (_, i) => `- ${i}`).join('\n')),
);

const aliased = fc.oneof(
  fc.record({ levels: fc.integer({ min: 1, max: 7 }), width: fc.integer({ min: 1, max: 12 }) }).map(({ levels, width }) => {
    const lines = [`l0: &l0 [${Array(width).fill('"x"').join(',')}]`];
    for (let i = 1; i < levels; i++)
      lines.push(
        `l${i}: &l${i} [${Array(width)
          .fill(`*l${i - 1}`)
          .join(',')}]`,
      );
    return `${lines.join('\n')}\n`;
  }),
  fc.integer({ min: 1, max: 3000 }).map((n) => `a: &a 1\nb: [${Array(n).fill('*a').join(', ')}]\n`),
  fc.integer({ min: 1, max: 50 }).map((n) => `a: *missing${n}\n`),
  fc
    .integer({ min: 1, max: 200 })
    .map((n) => `%YAML 1.1\n---\nbase: &b {x: 1}\n${Array.from({ length: n }, (_, i) => `m${i}: {<<: *b}`).join('\n')}\n`),
);

const duplicates = fc
  .record({ n: fc.integer({ min: 2, max: 20_000 }), at: fc.nat() })
  .map(({ n, at }) => Array.from({ length: n }, (_, i) => `k${i === n - 1 ? at % (n - 1) : i}: ${i}`).join('\n'));

const huge = fc.oneof(
  fc.integer({ min: 1, max: 1_500_000 }).map((n) => `text: "${'x'.repeat(n)}"`),
  fc.integer({ min: 1, max: 1_500_000 }).map((n) => `text: ${'y '.repeat(n / 2)}`),
  fc.integer({ min: 1, max: 200_000 }).map((n) => `text: |\n${'  line [{\n'.repeat(n)}`),
  fc.integer({ min: 1, max: 1_500_000 }).map((n) => `'${"''".repeat(n / 2)}'`),
);

const TOKENS = [
  '[',
  ']',
  '{',
  '}',
  ':',
  ': ',
  '- ',
  '? ',
  '&a ',
  '*a',
  '!!str ',
  '!x ',
  '"',
  "'",
  '|\n',
  '>-\n',
  '\n',
  '  ',
  '# c',
  ',',
  'key',
  'x',
  '---\n',
  '...\n',
  '%YAML 1.1\n',
  '<<: ',
  '\t',
  '@',
  '`',
  '\\',
];
const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 400 }).map((t) => t.join(''));

const hostile = fc.oneof(deep, wide, aliased, duplicates, huge, soup);

/** A problem-or-value outcome: anything else thrown fails the property. */
function bounded(run: () => unknown, allowed: (error: unknown) => boolean = () => false): void {
  try {
    run();
  } catch (error) {
    if (!allowed(error)) throw error;
  }
}

describe('every YAML entry point on generated hostile YAML', () => {
  it('the bounded parser answers a document, a value or a problem', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const parsed = parseYamlDocument(text);
        if (!parsed.ok) expect(parsed.problem.message.length).toBeGreaterThan(0);
        const read = readYaml(text);
        expect(typeof read.ok).toBe('boolean');
        if (!read.ok) expect(read.message.length).toBeGreaterThan(0);
        yamlField(text, 'template');
        templateFileOf(text);
      }),
      { numRuns: 80, seed: 1818 },
    );
  }, 180_000);

  it('workspace, stack profile, harness profile, frontmatter and test-file loaders answer with problems naming the file', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const tool = parseYamlFile('tools/t.yaml', text, ToolFileSchema);
        for (const p of tool.problems) expect(p.file).toBe('tools/t.yaml');
        const ws = loadWorkspace(
          memoryFileSource({ ...miniWorkspace(), 'workspace.yaml': text, 'contexts/base.yaml': text, 'profiles/p/profile.yaml': text }),
        );
        expect(Array.isArray(ws.problems)).toBe(true);
        const profile = loadStackProfile(memoryFileSource({ 'profiles/p/profile.yaml': text }), 'profiles/p');
        expect(profile.profile !== undefined || profile.problems.some((p) => p.file === 'profiles/p/profile.yaml')).toBe(true);
        const harness = loadHarnessProfile(memoryFileSource({ 'harnesses/h/harness.yaml': text }), 'harnesses/h');
        expect(harness.profile !== undefined || harness.problems.some((p) => p.file === 'harnesses/h/harness.yaml')).toBe(true);
        const fm = parseFrontmatter(text);
        expect(fm.ok || fm.error.length > 0).toBe(true);
        const test = parseTestFile('tests/t.yaml', text);
        expect(test.ok || test.message.length > 0).toBe(true);
      }),
      { numRuns: 40, seed: 1819 },
    );
  }, 180_000);

  it('the source editor, bundle renames and the CLI context and connections readers throw only their own errors', () => {
    const dir = writeTempWorkspace({});
    try {
      fc.assert(
        fc.property(hostile, (text) => {
          bounded(
            () => getIn(text, ['a']),
            (e) => e instanceof YamlSourceError,
          );
          bounded(
            () => setIn(text, ['name'], 'x'),
            (e) => e instanceof YamlSourceError,
          );
          applyRenames(
            new Map([
              ['workspace.yaml', text],
              ['variants/v/variant.yaml', text],
            ]),
            { variant: new Map([['v', 'w']]) },
          );
          fs.writeFileSync(path.join(dir, 'context.yaml'), text);
          bounded(
            () => readContextFile('context.yaml', dir, SystemPromptContextSchema),
            (e) => e instanceof UsageError,
          );
          bounded(
            () => cliConnections('context.yaml', dir, {}),
            (e) => e instanceof UsageError,
          );
        }),
        { numRuns: 40, seed: 1820 },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a bundle of such files is read or refused (BundleRejected), never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (text) => {
        const bytes = craftBundle({ 'profiles/p/profile.yaml': text, 'tools/t.yaml': text, 'contexts/c.yaml': text });
        await readBundle(bytes).catch((error: unknown) => {
          if (!(error instanceof BundleRejected)) throw error;
        });
      }),
      { numRuns: 30, seed: 1821 },
    );
  }, 180_000);
});

describe('the host on generated hostile YAML', () => {
  const hosts = hostsClosedAfterEach();

  it('typed into workspace files, it answers, reports no unexpected error and keeps serving', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), hostWorkspace()), watch: false });
    const refs = [
      { kind: 'workspace-config' },
      { kind: 'tool', toolId: 'say' },
      { kind: 'preset', name: 'base' },
      { kind: 'variant-config', variantId: 'generic' },
    ] as const;
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom(...refs), async (text, ref) => {
        expect((await h.raw('doc:update', { ref, text })).ok).toBe(true);
        await h.host.settle();
        const view = await h.raw('workspace:get', {});
        expect(view.ok).toBe(true);
        expect(h.errors).toEqual([]);
      }),
      { numRuns: 25, seed: 1822 },
    );
  }, 300_000);
});
