import { stringify } from 'yaml';
import type { ApiKind } from '../requests/api-kind.js';
import type { RequestInput } from '../requests/request-input.js';
import { bodyText, conversationBody } from '../wire/conversation.js';
import { STANDARD_ENV } from '../wire/connections.js';
import { DEFAULT_BASE_URLS } from '../wire/endpoints.js';
import type { ModelPrice } from '../wire/prices.js';
import type { Assertion, WorkspaceTest } from '../wire/test-file.js';
import { testTurns } from '../wire/test-file.js';
import type { ToolVocabulary } from '../wire/tool-calls.js';
import { PROMPTFOO_PROVIDER_SOURCE } from './promptfoo-provider.js';

/**
 * `export --format promptfoo`: a promptfoo project that runs the chosen variants × presets ×
 * APIs with the workspace's tests. Each column is a provider (provider.mjs) that sends the
 * exact body Variant Studio builds for a test (bodies/<test>/<column>.json: the export's
 * request with the test's conversation, not streamed); each test's assertions become
 * promptfoo assertions. Keys and base URLs come from the standard variables when it runs.
 */

export interface PromptfooColumn {
  variantId: string;
  preset: string;
  api: ApiKind;
  input: RequestInput;
  vocabulary: ToolVocabulary;
  price?: ModelPrice | undefined;
}

const js = (value: unknown): string => JSON.stringify(value);

/** A test's assertion as promptfoo checks it (output: the reply's text; metadata.toolCalls: the calls as the agent reads them). */
export function promptfooAssertion(a: Assertion): Record<string, unknown> {
  const calls = '(context.providerResponse?.metadata?.toolCalls ?? [])';
  switch (a.type) {
    case 'contains':
      return { type: a.ignoreCase ? 'icontains' : 'contains', value: a.value };
    case 'not-contains':
      return { type: a.ignoreCase ? 'not-icontains' : 'not-contains', value: a.value };
    case 'regex':
      return { type: 'javascript', value: `new RegExp(${js(a.pattern)}, ${js(a.ignoreCase ? 'i' : '')}).test(output)` };
    case 'valid-json':
      return { type: 'is-json' };
    case 'no-tool-call':
      return { type: 'javascript', value: `${calls}.length === 0` };
    case 'tool-call': {
      const checks = [`${calls}.length > 0`, `${calls}[0].problems.length === 0`];
      if (a.name !== undefined) checks.push(`${calls}[0].name === ${js(a.name)}`);
      for (const [key, value] of Object.entries(a.arguments ?? {}))
        checks.push(`JSON.stringify((${calls}[0].arguments ?? {})[${js(key)}]) === ${js(JSON.stringify(value))}`);
      return { type: 'javascript', value: checks.join(' && ') };
    }
    case 'max-latency':
      return { type: 'latency', threshold: a.ms };
    case 'max-cost':
      return { type: 'cost', threshold: a.usd };
    case 'max-output-tokens':
      return { type: 'javascript', value: `(context.providerResponse?.tokenUsage?.completion ?? Infinity) <= ${a.tokens}` };
  }
}

function columnName(c: PromptfooColumn): string {
  return `${c.variantId}@${c.preset}.${c.api}`;
}

export function promptfooFiles(tests: readonly WorkspaceTest[], columns: readonly PromptfooColumn[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const test of tests)
    for (const c of columns)
      files.set(
        `bodies/${test.id}/${columnName(c)}.json`,
        bodyText(c.api, conversationBody(c.api, c.input, testTurns(test.messages)), false),
      );
  const providers = columns.map((c) => ({
    id: 'file://provider.mjs',
    label: `${c.variantId} @ ${c.preset} (${c.api})`,
    config: {
      column: columnName(c),
      api: c.api,
      model: c.input.model,
      bodies: `bodies/{test}/${columnName(c)}.json`,
      keyEnv: STANDARD_ENV[c.api].key,
      baseUrlEnv: STANDARD_ENV[c.api].baseUrl,
      defaultBaseUrl: DEFAULT_BASE_URLS[c.api],
      tools: {
        format: c.vocabulary.format,
        tools: c.vocabulary.tools.map((t) => ({
          name: t.name,
          params: Object.keys((t.parameters.properties as Record<string, unknown> | undefined) ?? {}),
          required: Array.isArray(t.parameters.required) ? t.parameters.required : [],
        })),
      },
      ...(c.price ? { price: c.price } : {}),
    },
  }));
  const config = {
    description: 'Variant Studio tests, exported with variant-studio export --format promptfoo',
    prompts: ['{{message}}'],
    providers,
    tests: tests.map((t) => ({
      description: t.description ?? t.id,
      vars: { test: t.id, message: t.messages.find((m) => m.role === 'user')?.content ?? '' },
      assert: t.assert.map(promptfooAssertion),
    })),
  };
  files.set(
    'promptfooconfig.yaml',
    `# Written by variant-studio export --format promptfoo. Run: npx promptfoo eval\n# Keys and base URLs come from ${[...new Set(columns.map((c) => `${STANDARD_ENV[c.api].key} (${STANDARD_ENV[c.api].baseUrl})`))].join(', ')}.\n${stringify(config, { lineWidth: 0 })}`,
  );
  files.set('provider.mjs', PROMPTFOO_PROVIDER_SOURCE);
  files.set(
    'README.md',
    [
      '# Variant Studio tests for promptfoo',
      '',
      'Each provider is one column (variant × preset × API) and sends, for each test, the exact body in `bodies/`',
      '(what `variant-studio eval` sends, not streamed). Set the key (and, for another server, the base URL) of each',
      'API in the environment, then run `npx promptfoo eval` here.',
      '',
      'Tool calls are read as the agent reads them (native calls, or Cline-style XML in the text); a tool-call',
      "assertion's JSON Schema is not checked here (Variant Studio's own eval checks it).",
      '',
    ].join('\n'),
  );
  return files;
}
