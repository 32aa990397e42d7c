import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspace } from '../../cli/workspace-input.js';
import { promptfooExport } from '../../cli/commands/export-promptfoo.js';
import { cleanupTempDirs, miniWorkspace, startHost, tempDir, writeFiles, type Loose } from '../host/support/fixtures.js';
import { runFixtures } from './support/run-fixtures.js';

/**
 * A run's body names a model of the API it goes to, as `export --format request` for that API
 * does (shared/requests/request-model.ts): the mini workspace's preset names an Anthropic model
 * (claude-x), so a variant or profile column sent to an OpenAI or Gemini connection names that
 * API's default model, while a model column keeps the model the user chose for it. The
 * promptfoo export's bodies do the same per API.
 */

const fx = runFixtures();
afterEach(() => cleanupTempDirs());

const TEST = 'messages: [{ role: user, content: Hi }]\ncolumns: { variants: [generic], presets: [base] }\nassert: []\n';

describe('the model of a run’s body follows the connection’s API', () => {
  it('variant, profile and model columns over OpenAI, Anthropic and Gemini connections', async () => {
    const standIn = await fx.standIn({});
    const ws = writeFiles(tempDir('vs-ws-'), miniWorkspace());
    const t = await startHost({
      initialWorkspace: ws,
      watch: false,
      environment: {
        OPENAI_API_KEY: 'k',
        OPENAI_BASE_URL: standIn.baseUrl('openai-chat'),
        ANTHROPIC_API_KEY: 'k',
        ANTHROPIC_BASE_URL: standIn.origin,
        GEMINI_API_KEY: 'k',
        GOOGLE_GEMINI_BASE_URL: standIn.origin,
      },
    });
    const context = { kind: 'preset', name: 'base' };
    const send = async (n: number, column: Loose, connection: string): Promise<string> => {
      const run = await t.call<Loose>('run:send', { runId: `r${n}`, column, context, connection, message: 'Hi', stream: false });
      expect(run.result.status).toBe('ok');
      return run.model as string;
    };
    const variant = { kind: 'variant', variantId: 'generic' };
    expect(await send(1, variant, 'openai-chat')).toBe('gpt-5');
    expect(JSON.parse(standIn.requests[0]!.body)).toMatchObject({ model: 'gpt-5' });
    expect(await send(2, variant, 'anthropic')).toBe('claude-x');
    expect(await send(3, variant, 'gemini')).toBe('gemini-2.5-pro');
    expect(standIn.requests[2]!.url).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    expect(await send(4, { kind: 'profile', profileId: 'mini' }, 'openai-responses')).toBe('gpt-5');
    // A model column names its model, whatever the API.
    expect(await send(5, { kind: 'model', modelId: 'qwen2.5-coder', providerId: 'ollama' }, 'openai-chat')).toBe('qwen2.5-coder');
    await t.host.close();
  });

  it('the promptfoo export writes each API’s body with that API’s model', async () => {
    const ws = writeFiles(tempDir('vs-ws-'), { ...miniWorkspace(), 'tests/hi.yaml': TEST });
    const files = await promptfooExport(
      openWorkspace(ws, process.cwd()),
      ['generic'],
      ['base'],
      ['openai-chat', 'anthropic', 'gemini'],
      undefined,
    );
    const models = [...files]
      .filter(([name]) => name.startsWith('bodies/'))
      .map(([name, text]) => [name, (JSON.parse(text) as { model?: string }).model ?? null]);
    expect(models.length).toBe(3);
    for (const [name, model] of models) {
      if (name!.includes('openai-chat')) expect(model).toBe('gpt-5');
      else if (name!.includes('anthropic')) expect(model).toBe('claude-x');
      // Gemini's body has no model: it is in the URL.
      else expect(model).toBeNull();
    }
    expect(files.get('promptfooconfig.yaml')).toContain('gemini-2.5-pro');
    expect(files.get('promptfooconfig.yaml')).not.toMatch(/gemini[^\n]*claude-x|claude-x[^\n]*gemini/);
  });
});
