import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The engine as an agent would use it: through the package exports (variant-studio/engine,
 * variant-studio/host), from plain Node, after `npm run build:lib`.
 */
it('loads a workspace, registers a code component, selects and builds through the public API', () => {
  expect(existsSync(path.resolve('dist-lib/shared/engine/index.js')), 'run `npm run build:lib` first').toBe(true);
  const script = `
    import { loadWorkspace, parseContext, buildForContext, selectVariant, lintWorkspace, SECTION_IDS } from 'variant-studio/engine';
    import { folderFileSource, builtinWorkspaceDir } from 'variant-studio/host';
    const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
    ws.components.register('AGENT_ROLE_SECTION', (variant, context) => 'ROLE for ' + variant.id + ' in ' + context.cwd);
    const context = parseContext({ providerInfo: { providerId: 'openai', model: { id: 'gpt-5' }, mode: 'act' }, cwd: '/repo', date: '2026-03-04' });
    const out = buildForContext(ws, context, { now: new Date(0), processCwd: '/' });
    const picked = selectVariant(ws.variants, context);
    console.log(JSON.stringify({
      ok: out.ok,
      variant: out.ok ? out.result.variantId : null,
      first: out.ok ? out.result.text.split('\\n')[0] : null,
      picked: picked.ok ? picked.variant.id : null,
      sections: SECTION_IDS.length,
      lintErrors: lintWorkspace(ws).filter((f) => f.severity === 'error').length,
    }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: path.resolve('tests/library'),
  });
  expect(JSON.parse(out)).toEqual({
    ok: true,
    variant: 'gpt-5',
    first: 'ROLE for gpt-5 in /repo',
    picked: 'gpt-5',
    sections: 15,
    lintErrors: 0,
  });
});
