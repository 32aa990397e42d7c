import { describe, expect, it } from 'vitest';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { speculateTemplateEdit, type BuiltText } from '../../shared/engine/build/speculate-template-edit.js';
import { minimalEdit } from '../../shared/engine/text/minimal-edit.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import type { Variant } from '../../shared/domain/variant.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { build } from './build-helpers.js';
import { PROSE, random, randomEdit } from './template-typing.js';

/**
 * The preview shows a keystroke in the base template before the host's build of it comes
 * (renderer/src/preview/speculation.ts): only when speculateTemplateEdit says the prompt is
 * certain, and then it must be exactly the build's text and sections. Checked here against
 * real builds of every built-in variant under every preset, over seeded random edits where
 * people type: inside words, at line ends, spaces between words, deletions, pasted words.
 */
const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
const options = { now: '2026-01-15', processCwd: '/tmp' };

function buildOf(variant: Variant, context: (typeof ws.presets)[number]['context'], template: string) {
  return buildVariantPrompt({
    variant: { ...variant, baseTemplate: template },
    context,
    components: ws.components,
    tools: ws.tools,
    options,
  });
}

describe('a keystroke in the base template, shown before its build', () => {
  it('is exactly the build, text and sections, whenever it is given: every built-in variant under every preset', () => {
    const next = random(23);
    let given = 0;
    let refused = 0;
    for (const variant of ws.variants) {
      for (const preset of ws.presets) {
        // Prose after a random line of the template (the built-in ones are slots and separators only).
        // Every third time at the very end, with no newline after it (typing that goes on the template).
        const lines = variant.baseTemplate.split('\n');
        const atEnd = next() < 1 / 3;
        const cut = atEnd ? variant.baseTemplate.length : lines.slice(0, 1 + Math.floor(next() * (lines.length - 1))).join('\n').length + 1;
        let template = variant.baseTemplate.slice(0, cut) + (atEnd ? PROSE.trimEnd() : PROSE) + variant.baseTemplate.slice(cut);
        let built = buildOf(variant, preset.context, template);
        // A run of edits, each on the build of the one before, as typing goes.
        for (let i = 0; i < 40; i++) {
          const after = randomEdit(template, { start: cut, end: cut + PROSE.length }, next);
          const edit = minimalEdit(template, after);
          if (!edit) continue;
          const guess = speculateTemplateEdit(built, variant.id, template, edit);
          const real = buildOf(variant, preset.context, after);
          if (guess) {
            given++;
            expect(guess.text, `${variant.id} × ${preset.name}, edit ${JSON.stringify(edit)}`).toBe(real.text);
            expect(guess.sections).toEqual(real.sections);
          } else refused++;
          template = after;
          built = real;
        }
      }
    }
    // Both kinds occur: the check is not vacuous, and the unsafe edits are refused.
    expect(given).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
  });

  it('refuses what a build step reads: a brace, a separator near, a newline, a space at an edge', () => {
    const base = `Intro line here.\n\nSome words and more words.\n${'Filler words go on. '.repeat(5)}\n====\nTail`;
    const built = build({ baseTemplate: base });
    const textOf = (template: string): string => build({ baseTemplate: template }).text;
    const insert = (at: number, typed: string): string => base.slice(0, at) + typed + base.slice(at);
    const guess = (after: string) => speculateTemplateEdit(built, 'v', base, minimalEdit(base, after)!)?.text;
    const inWords = base.indexOf('Intro') + 2;
    expect(guess(insert(inWords, 'x'))).toBe(textOf(insert(inWords, 'x')));
    expect(guess(insert(inWords, 'x'))).toMatch(/^Inxtro line here\.\n\nSome words/);
    expect(guess(insert(inWords, '{'))).toBeUndefined();
    expect(guess(insert(inWords, '\n'))).toBeUndefined();
    expect(guess(insert(inWords, '='))).toBeUndefined();
    // At the end of the first line: a letter is known; a space is not (it would trail).
    const end = base.indexOf('\n');
    expect(guess(insert(end, 's'))).toBe(textOf(insert(end, 's')));
    expect(guess(insert(end, ' '))).toBeUndefined();
    // A space between two letters is known; beside another space it is not.
    expect(guess(insert(base.indexOf('ntro'), ' '))).toBe(textOf(insert(base.indexOf('ntro'), ' ')));
    expect(guess(insert(base.indexOf(' line'), ' '))).toBeUndefined();
    // At the very end of the template (and of the prompt): a letter is known, a space is trimmed away.
    const last = 'Some words here and there';
    const lastBuilt = build({ baseTemplate: last });
    const atEnd = (typed: string) => speculateTemplateEdit(lastBuilt, 'v', last, minimalEdit(last, last + typed)!)?.text;
    expect(atEnd('s')).toBe('Some words here and theres');
    expect(atEnd('s')).toBe(textOf(`${last}s`));
    // A space or a newline at the end is trimmed away: the prompt is the same.
    expect(atEnd(' ')).toBe(last);
    expect(atEnd('\n')).toBe(last);
    expect(textOf(`${last}\n`)).toBe(last);
    // The word after that space: the last line goes on with the space and the word.
    const spaced = `${last} `;
    const wordAfter = (template: string, typed: string) =>
      speculateTemplateEdit(build({ baseTemplate: template }), 'v', template, minimalEdit(template, template + typed)!)?.text;
    expect(wordAfter(spaced, 's')).toBe(`${last} s`);
    expect(wordAfter(spaced, 's')).toBe(textOf(`${spaced}s`));
    expect(wordAfter(spaced, 'two words')).toBe(textOf(`${spaced}two words`));
    // Not after two spaces, nor a word ending in one, nor on a line with a brace.
    expect(wordAfter(`${last}  `, 's')).toBeUndefined();
    expect(wordAfter(spaced, 'two ')).toBeUndefined();
    expect(wordAfter('Some {{words here ', 's')).toBeUndefined();
    // Near the separator cleanup's rules about it might see the edit.
    const near = base.lastIndexOf('on.');
    expect(guess(insert(near, 'x'))).toBeUndefined();
  });

  it('is exactly the build at the end of the template too: new lines started, words after a space, typed on and taken back, under every preset', () => {
    const next = random(41);
    const keys = ['\n', '\n', 'x', 'Word', ' ', ' Word', '\n\n', '#', '=', '{', '-', '\t', 'back', 'back'];
    let given = 0;
    let unchanged = 0;
    let lines = 0;
    let goesOn = 0;
    let refused = 0;
    for (const variant of ws.variants) {
      for (const preset of ws.presets) {
        let template = variant.baseTemplate.trimEnd() + '\n' + PROSE.trimEnd();
        let built: BuiltText = buildOf(variant, preset.context, template);
        for (let i = 0; i < 30; i++) {
          const key = keys[Math.floor(next() * keys.length)]!;
          const after = key === 'back' ? template.slice(0, -1) : template + key;
          const edit = minimalEdit(template, after);
          if (!edit) continue;
          const guess = speculateTemplateEdit(built, variant.id, template, edit);
          const real = buildOf(variant, preset.context, after);
          if (guess) {
            given++;
            if (guess.text === built.text) unchanged++;
            else if (guess.promptEdit.text.startsWith('\n')) lines++;
            else if (guess.promptEdit.text.startsWith(' ')) goesOn++;
            expect(guess.text, `${variant.id} × ${preset.name}, ${JSON.stringify(template.slice(-30))} + ${JSON.stringify(key)}`).toBe(
              real.text,
            );
            expect(guess.sections).toEqual(real.sections);
            expect(guess.pieces.text).toBe(guess.text);
            // Carried on as typing goes: the next key is tried on what was guessed.
            built = guess;
          } else {
            refused++;
            built = real;
          }
          template = after;
        }
      }
    }
    // Every kind occurs: prompts known to be the same, new lines known, and the rest refused.
    expect(unchanged).toBeGreaterThan(500);
    expect(lines).toBeGreaterThan(20);
    expect(goesOn).toBeGreaterThan(20);
    expect(given).toBeGreaterThan(600);
    expect(refused).toBeGreaterThan(500);
  });

  it('carries how much of each range is known to be the template, and compares only what lies beyond it', () => {
    let template = `First words of the prompt, a line of them.\n${'Then more words after that, and more of them here.\n'.repeat(10)}`;
    let built: BuiltText = build({ baseTemplate: template });
    expect(built.verified).toBeUndefined();
    const type = (at: number, typed: string): readonly number[] => {
      const after = template.slice(0, at) + typed + template.slice(at);
      const guess = speculateTemplateEdit(built, 'v', template, minimalEdit(template, after)!)!;
      expect(guess.text).toBe(build({ baseTemplate: after }).text);
      expect(guess.pieces.text).toBe(guess.text);
      template = after;
      built = guess;
      return guess.verified;
    };
    // A build: its range compared from its start to 64 characters past the edit, then known with the edit.
    expect(type(10, 'x')).toEqual([10 + 64 + 1]);
    // Further on: compared from there on, known up to 64 past this edit.
    expect(type(300, 'y')).toEqual([300 + 64 + 1]);
    // Inside what is known: nothing compared, one more character known.
    expect(type(20, 'z')).toEqual([300 + 64 + 2]);
    // What is known is trusted: a copy that a build says is the template is not compared again.
    const after = template.slice(0, 200) + 'w' + template.slice(200);
    const trusted = { ...built, text: `${'Q'.repeat(100)}${built.text.slice(100)}`, pieces: undefined };
    expect(speculateTemplateEdit(trusted, 'v', template, minimalEdit(template, after)!)?.text.slice(0, 3)).toBe('QQQ');
    expect(speculateTemplateEdit({ ...trusted, verified: undefined }, 'v', template, minimalEdit(template, after)!)).toBeUndefined();
  });
});
