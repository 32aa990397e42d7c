import { describe, expect, it } from 'vitest';
import { parseHarnessContext, runHarness } from '../../shared/harness/index.js';
import { builtinHarnesses, harnessCases, partOf, profileForCase } from './conformance-cases.js';

const profiles = builtinHarnesses();

describe('harness-cases.json on the virtual tree', () => {
  for (const c of harnessCases()) {
    it(`${c.version}: ${c.name}`, async () => {
      const result = await runHarness(profileForCase(profiles, c), parseHarnessContext(c));
      const { text, carriesInstructions } = partOf(result, c.part);
      if (c.expected === '') expect(carriesInstructions, text).toBe(false);
      else expect(text).toContain(c.expected);
    });
  }
});
