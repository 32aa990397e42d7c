import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { RequestInput } from '../../../shared/requests/request-input.js';
import { priceTable } from '../../../shared/wire/prices.js';
import { startStandIn, type StandIn, type StandInOptions } from '../../../electron/host/stand-in/stand-in-server.js';
import { SpendGuard } from '../../../electron/host/run/spend-guard.js';

/** Stand-ins and temporary folders of one test file, closed and removed after each test. */
export function runFixtures(): { standIn(options?: StandInOptions): Promise<StandIn>; folder(): string } {
  const open: StandIn[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return {
    async standIn(options) {
      const s = await startStandIn(options);
      open.push(s);
      return s;
    },
    folder() {
      const d = mkdtempSync(path.join(tmpdir(), 'vs-run-'));
      dirs.push(d);
      return d;
    },
  };
}

export const INPUT: RequestInput = {
  model: 'm1',
  system: 'You are a careful coding agent.',
  stablePrefixEnd: 31,
  user: ["Replace this with the user's message."],
  maxTokens: 256,
};

export const noCap = (): SpendGuard => new SpendGuard(undefined, priceTable(undefined));

/** A sleep that does not wait but remembers each wait (retry backoff checked without time passing). */
export function recordedSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

/** A test greeting the user on two variants under two presets (the mini workspace's; the special variant has no say tool, so its cells fail). */
export const greetTest = (name: string): string =>
  [
    `messages: [{ role: user, content: "${name}: greet the user" }]`,
    'columns: { variants: [generic, special], presets: [base, special] }',
    'assert: [{ type: tool-call, name: say }]',
    '',
  ].join('\n');
