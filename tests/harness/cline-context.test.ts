import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { parseContext } from '../../shared/engine/index.js';
import { buildWorkspaceVariant } from '../../shared/engine/build/build-from-workspace.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { withRepositoryRules } from '../../shared/harness/index.js';

const ws = loadWorkspace(folderFileSource(path.resolve('variants')));
const options = { now: '2026-11-30', processCwd: '/', machine: { homeDir: '/home/u', platform: 'linux' } };

const context = parseContext({
  providerInfo: { providerId: 'anthropic', model: { id: 'claude-sonnet-4-5' } },
  cwd: '/home/u/proj',
  localCursorRulesFileInstructions: 'typed by hand, replaced by the repository',
  repository: {
    files: {
      '/home/u/Documents/Cline/Rules/style.md': 'Tabs.\n',
      '/home/u/proj/.clinerules/test.md': '---\npaths: ["src/**"]\n---\nRun the tests.\n',
      '/home/u/proj/AGENTS.md': 'Agents.\n',
      '/home/u/proj/.clineignore': 'dist/\n',
    },
    settings: { preferredLanguage: 'French - Français', evaluationPaths: ['src/a.ts'] },
  },
});

describe('a Cline-style context with a repository', () => {
  it('gets its rule-text fields from the cline-classic profile, exactly as the blocks of Cline’s section', async () => {
    const r = await withRepositoryRules(context, ws.harnesses, options);
    if (!r.ok) throw new Error(r.error);
    expect(r.context.preferredLanguageInstructions).toBe('# Preferred Language\n\nSpeak in fr.');
    expect(r.context.globalClineRulesFileInstructions).toBe(
      '# .clinerules/\n\nThe following is provided by a global .clinerules/ directory, located at /home/u/Documents/Cline/Rules, where the user has specified instructions for all working directories:\n\nstyle.md\nTabs.',
    );
    expect(r.context.localClineRulesFileInstructions).toBe(
      '# .clinerules/\n\nThe following is provided by a root-level .clinerules/ directory where the user has specified instructions for this working directory (/home/u/proj)\n\n.clinerules/test.md\nRun the tests.',
    );
    expect(r.context.localCursorRulesFileInstructions).toBeUndefined();
    expect(r.context.localAgentsRulesFileInstructions).toContain('## AGENTS.md\n\nAgents.');
    expect(r.context.clineIgnoreInstructions).toMatch(/\n\ndist\/\n\n\.clineignore$/);
  });

  it('puts those blocks into the USER_INSTRUCTIONS section of a variant build', async () => {
    const r = await withRepositoryRules(context, ws.harnesses, options);
    if (!r.ok) throw new Error(r.error);
    const out = buildWorkspaceVariant(ws, 'generic', r.context, options);
    if (!out.ok) throw new Error(out.error);
    const blocks = [
      r.context.preferredLanguageInstructions,
      r.context.globalClineRulesFileInstructions,
      r.context.localClineRulesFileInstructions,
      r.context.localAgentsRulesFileInstructions,
      r.context.clineIgnoreInstructions,
    ];
    expect(out.result.text).toContain(blocks.join('\n\n'));
    expect(out.result.text).not.toContain('typed by hand');
  });

  it('names a harness that does not exist, or one that is not a classic Cline loader', async () => {
    const unknown = await withRepositoryRules(
      { ...context, repository: { ...context.repository!, harness: 'nope' } },
      ws.harnesses,
      options,
    );
    expect(unknown).toEqual({
      ok: false,
      error:
        "repository: no harness profile 'nope' (harnesses: claude-code, cline, cline-classic, codex, copilot, gemini-cli, kilo, opencode, opencode-seed, qwen-code)",
    });
    const codex = await withRepositoryRules(
      { ...context, repository: { ...context.repository!, harness: 'codex' } },
      ws.harnesses,
      options,
    );
    expect(codex).toEqual({
      ok: false,
      error: "repository: harness profile 'codex' is Codex CLI; the rule-text fields need a cline-classic profile",
    });
  });
});
