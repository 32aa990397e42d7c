import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import type { EventName } from '../../../shared/ipc/contract.js';
import { createStudioHost, type StudioHost, type StudioHostOptions } from '../../../electron/host/studio-host.js';

/** Fresh temporary folder (real path), removed by cleanup(). */
const made: string[] = [];
export function tempDir(prefix = 'vs-host-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export { writeFiles } from '../../fixtures/temp-workspace.js';

/** A small workspace: two variants, workspace components, one tool, two presets, one stack profile. */
export function miniWorkspace(): Record<string, string> {
  return {
    'workspace.yaml': 'name: Mini\nselectionOrder: [special]\nfallback: generic\n',
    'variants/generic/variant.yaml': [
      'id: generic',
      'family: generic',
      'version: 1',
      'description: The fallback variant',
      'componentOrder: [ROLE, TOOLBOX]',
      'placeholders: { GREETING: hello }',
      'tools: [say]',
      '',
    ].join('\n'),
    'variants/generic/template.md': '{{ROLE}}\n\n{{TOOLBOX}}\n\n{{GREETING}} from generic\n',
    'variants/special/variant.yaml': [
      'id: special',
      'family: special',
      'version: 2',
      'description: For models whose id contains special',
      'matcher: { modelId: { contains: special } }',
      'componentOrder: [ROLE]',
      '',
    ].join('\n'),
    'variants/special/template.md': 'SPECIAL {{ROLE}}\n',
    'components/ROLE.md': 'You are a test agent in {{CWD}}.',
    'components/TOOLBOX.md': 'TOOLS\n\n{{TOOLS}}',
    'tools/say.yaml':
      'id: say\nspecs:\n  - family: generic\n    description: Say something.\n    parameters:\n      - { name: text, required: true, instruction: What to say., usage: Hello }\n',
    'contexts/base.yaml':
      'description: base\ncontext:\n  cwd: /proj\n  date: 2026-02-03\n  providerInfo: { providerId: anthropic, model: { id: claude-x }, mode: act }\n',
    'contexts/special.yaml':
      'description: a special model\nextends: base\ncontext:\n  providerInfo: { providerId: openai, model: { id: my-special-model }, mode: act }\n',
    'profiles/mini/profile.yaml': [
      'id: mini',
      'name: Mini stack',
      'description: A one-prompt stack',
      'defaultAgent: build',
      'providerPrompts:',
      '  default: { text: "You are the mini stack." }',
      'providerRules:',
      '  - { id: all, prompt: default }',
      'agents:',
      '  build: { description: builds }',
      '  plan: { description: plans, reminder: { text: "Plan only." } }',
      'environment: { text: "Model: {{modelId}}" }',
      'instructionFiles: [{ name: AGENTS.md }]',
      '',
    ].join('\n'),
  };
}

/**
 * Answers and event payloads as the tests see them: shapes are checked with expect matchers,
 * so the tests read fields freely instead of narrowing every union first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface RecordedEvent {
  event: EventName;
  payload: Loose;
}

export interface TestHost {
  host: StudioHost;
  events: RecordedEvent[];
  userData: string;
  /** Calls a channel and returns the value, failing the test on an error result. */
  call<T = Loose>(channel: string, request?: unknown): Promise<T>;
  /** Calls a channel and returns the raw IpcResult. */
  raw(channel: string, request?: unknown): Promise<Loose>;
  waitForEvent(event: EventName, predicate?: (payload: Loose) => boolean, timeoutMs?: number): Promise<Loose>;
  errors: { where: string; error: unknown }[];
}

export async function startHost(options: Partial<StudioHostOptions> & { userDataDir?: string } = {}): Promise<TestHost> {
  const userData = options.userDataDir ?? tempDir('vs-userdata-');
  const errors: { where: string; error: unknown }[] = [];
  const host = createStudioHost({
    watchDebounceMs: 50,
    draftDebounceMs: 20,
    tokenDebounceMs: 20,
    validate: true,
    onError: (where, error) => errors.push({ where, error }),
    ...options,
    userDataDir: userData,
  });
  const events: RecordedEvent[] = [];
  const waiters = new Set<() => void>();
  host.subscribe((event, payload) => {
    events.push({ event, payload });
    for (const w of [...waiters]) w();
  });
  await host.start();
  const raw = (channel: string, request: unknown = {}) => host.dispatch(channel, request);
  return {
    host,
    events,
    userData,
    errors,
    raw,
    async call(channel, request = {}) {
      const result = await raw(channel, request);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
      return result.value as never;
    },
    waitForEvent(event, predicate = () => true, timeoutMs = 5000) {
      const seen = events.length;
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          for (const e of events.slice(seen)) {
            if (e.event === event && predicate(e.payload)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(e.payload);
              return true;
            }
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${event} event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until the predicate holds (or fails after the timeout). */
export async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Hosts for a test file: each one started with `start` is closed after its test, and the
 * test fails if a host reported an error; temporary folders are removed. `forget` leaves a
 * host unclosed (a simulated crash).
 */
export function hostsClosedAfterEach(): {
  start: (options?: Parameters<typeof startHost>[0]) => Promise<TestHost>;
  forget: (host: TestHost) => void;
} {
  const hosts: TestHost[] = [];
  afterEach(async () => {
    for (const h of hosts.splice(0)) {
      await h.host.close();
      expect(h.errors.map((e) => `${e.where}: ${String(e.error)}`)).toEqual([]);
    }
    cleanupTempDirs();
  });
  return {
    async start(options = {}) {
      const h = await startHost(options);
      hosts.push(h);
      return h;
    },
    forget(host) {
      hosts.splice(hosts.indexOf(host), 1);
    },
  };
}
