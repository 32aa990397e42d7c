import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_KINDS } from '../../shared/requests/api-kind.js';
import { USER_MESSAGE_PLACEHOLDER } from '../../shared/requests/request-input.js';
import { streamFields } from '../../shared/wire/conversation.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { run } from '../cli/support/run-cli.js';
import { runFixtures } from './support/run-fixtures.js';

/**
 * What arrives at the stand-in is what `export --format request` writes (and "Copy as
 * request" shows), byte for byte, for every API: with the placeholder message it is the
 * export's file itself; with a message, the same text with the message in the placeholder's
 * place; streamed, the same with the stream fields at the end.
 */

const fx = runFixtures();

/** The built-in workspace plus a preset that turns native tool calls on. */
function workspace(): string {
  const dir = fx.folder();
  cpSync(builtinWorkspaceDir(), dir, { recursive: true });
  const basic = readFileSync(path.join(dir, 'contexts/basic.yaml'), 'utf8');
  writeFileSync(path.join(dir, 'contexts/native.yaml'), basic.replace(/^context:\n/m, 'context:\n  enableNativeToolCalls: true\n'));
  return dir;
}

describe.each(API_KINDS)('the exact body over %s', (api) => {
  it.each([
    ['generic', 'basic'],
    ['next-gen', 'native'],
  ])('%s @ %s arrives as the export wrote it', async (variant, preset) => {
    const ws = workspace();
    const standIn = await fx.standIn({ expectedKey: 'sk-exact-body' });
    const out = fx.folder();
    const exported = await run([
      'export',
      '--format',
      'request',
      '--workspace',
      ws,
      '--variant',
      variant,
      '--preset',
      preset,
      '--api',
      api,
      '--out',
      out,
    ]);
    expect(exported.code).toBe(0);
    const file = readFileSync(path.join(out, variant, `${preset}.${api}.json`), 'utf8');
    if (preset === 'native')
      expect(file).toContain(api === 'anthropic' ? '"input_schema"' : api === 'gemini' ? '"functionDeclarations"' : '"parameters"');
    const connections = path.join(fx.folder(), 'connections.yaml');
    writeFileSync(
      connections,
      `connections:\n  - id: stand-in\n    api: ${api}\n    baseUrl: ${standIn.baseUrl(api)}\n    keyEnv: STAND_IN_KEY\n`,
    );
    const env = { STAND_IN_KEY: 'sk-exact-body' };
    const args = ['run', '--workspace', ws, '--variant', variant, '--preset', preset, '--api', api, '--connections', connections];

    const placeholder = await run([...args, '--message', USER_MESSAGE_PLACEHOLDER, '--no-stream'], process.cwd(), env);
    expect(placeholder.err).toBe('');
    expect(placeholder.code).toBe(0);
    expect(standIn.requests[0]!.body).toBe(file);
    expect(standIn.requests[0]!.keyMatched).toBe(true);

    const message = 'Fix the "failing" test\nin src/a.ts';
    await run([...args, '--message', message, '--no-stream'], process.cwd(), env);
    expect(standIn.requests[1]!.body).toBe(file.replace(JSON.stringify(USER_MESSAGE_PLACEHOLDER), JSON.stringify(message)));

    await run([...args, '--message', message], process.cwd(), env);
    const withMessage = JSON.parse(file.replace(JSON.stringify(USER_MESSAGE_PLACEHOLDER), JSON.stringify(message))) as Record<
      string,
      unknown
    >;
    expect(standIn.requests[2]!.body).toBe(`${JSON.stringify({ ...withMessage, ...streamFields(api) }, null, 2)}\n`);
    expect(standIn.requests[2]!.stream).toBe(true);
    // Gemini names the model in the URL: the preset's is Anthropic's, so the API's documented default (requestModel).
    if (api === 'gemini') expect(standIn.requests[2]!.url).toBe('/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse');
  });
});
