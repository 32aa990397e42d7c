import { describe, expect, it } from 'vitest';
import { parseHarnessContext, runHarness } from '../../shared/harness/index.js';
import { specCases } from './cases/index.js';
import { builtinHarnesses, harnessCases, partOf, profileForCase, type HarnessCase } from './conformance-cases.js';

const profiles = builtinHarnesses();

async function check(c: HarnessCase): Promise<void> {
  const result = await runHarness(profileForCase(profiles, c), parseHarnessContext(c));
  const { text, carriesInstructions } = partOf(result, c.part);
  if (c.expected === '') expect(carriesInstructions, text).toBe(false);
  else expect(text).toContain(c.expected);
}

describe('harness-cases.json and harness-cases-next.json on the virtual tree', () => {
  for (const c of harnessCases()) it(`${c.version}: ${c.name}`, () => check(c));
});

describe('cases written from the spec pages, on the virtual tree', () => {
  for (const c of specCases) it(`${c.version}: ${c.name}`, () => check(c));
});
