import { describe, expect, it } from 'vitest';
import { INSTRUCTION_FIELDS } from './instructions.js';
import { userInstructions } from './user-instructions.js';
import { makeInput, render, renderFor } from './__tests__/input.js';

const HEAD =
  'USER INSTRUCTIONS\n\nThe user has given the instructions below in addition to everything above. Follow them as closely as you can, as long as they do not conflict with the tool use guidelines.\n\n';

describe('USER_INSTRUCTIONS_SECTION', () => {
  it('is empty without instructions (blank ones count as none), and says why', () => {
    for (const context of [{}, { globalClineRulesFileInstructions: '', clineIgnoreInstructions: '  \n ' }]) {
      const input = makeInput(context);
      expect(render(userInstructions, input)).toBe('');
      expect(userInstructions.emptyReason!(input)).toBe('no preferred language, rules files or .clineignore instructions in the context');
    }
  });

  it('gathers every instruction text as its own paragraph, in order', () => {
    // Given in reverse order: the output order is the fields' order, not the object's.
    const context = Object.fromEntries([...INSTRUCTION_FIELDS].reverse().map((field) => [field, `text of ${field}`]));
    const input = makeInput(context);
    expect(render(userInstructions, input)).toBe(
      HEAD +
        [
          'text of preferredLanguageInstructions',
          'text of globalClineRulesFileInstructions',
          'text of localClineRulesFileInstructions',
          'text of localCursorRulesFileInstructions',
          'text of localCursorRulesDirInstructions',
          'text of localWindsurfRulesFileInstructions',
          'text of localAgentsRulesFileInstructions',
          'text of clineIgnoreInstructions',
        ].join('\n\n'),
    );
    expect(userInstructions.emptyReason!(input)).toBeUndefined();
  });

  it('skips missing ones and trims the ends of each', () => {
    const text = renderFor(userInstructions, {
      localAgentsRulesFileInstructions: '\n# AGENTS.md\n\nRun `make check`.\n\n',
      preferredLanguageInstructions: 'Speak French.',
      localCursorRulesFileInstructions: '   ',
    });
    expect(text).toBe(HEAD + 'Speak French.\n\n# AGENTS.md\n\nRun `make check`.');
  });

  it('exposes the gathered items with their source', () => {
    const vars = userInstructions.variables(makeInput({ clineIgnoreInstructions: 'ignore dist/', globalClineRulesFileInstructions: 'g' }));
    expect(vars.instructions).toEqual([
      { source: 'globalClineRulesFileInstructions', text: 'g' },
      { source: 'clineIgnoreInstructions', text: 'ignore dist/' },
    ]);
    expect(vars.INSTRUCTIONS).toBe('g\n\nignore dist/');
  });
});
