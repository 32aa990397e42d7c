import { describe, expect, it } from 'vitest';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { speculateTemplateEdit, type BuiltText } from '../../shared/engine/build/speculate-template-edit.js';
import { minimalEdit } from '../../shared/engine/text/minimal-edit.js';
import { scanTags } from '../../shared/engine/text/placeholder-scan.js';
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
const BRACES = /[{}]/;

function buildOf(variant: Variant, context: (typeof ws.presets)[number]['context'], template: string) {
  return buildVariantPrompt({
    variant: { ...variant, baseTemplate: template },
    context,
    components: ws.components,
    tools: ws.tools,
    options,
  });
}

/**
 * One key typed at `at` in a template of the test variant ('back': the character before `at`
 * deleted), on its last build: a prompt given ahead must be the real build, text and ranges.
 * Undefined when the key changed nothing. `spliced`: the edit as the editor's splice gives it
 * (at the cursor), not as minimalEdit finds it (after the characters equal to the typed one).
 */
function typedChecked(
  template: string,
  built: BuiltText,
  key: string,
  at: number,
  opts: { placeholders?: Record<string, string>; spliced?: boolean } = {},
) {
  const placeholders = opts.placeholders ?? {};
  const after =
    key === 'back' ? template.slice(0, Math.max(0, at - 1)) + template.slice(at) : template.slice(0, at) + key + template.slice(at);
  // As the editor's splice says it (where the cursor was), or as a comparison of the two texts finds it.
  const splice = key === 'back' ? { start: Math.max(0, at - 1), endOld: at, text: '' } : { start: at, endOld: at, text: key };
  const edit = opts.spliced ? (after === template ? null : splice) : minimalEdit(template, after);
  if (!edit) return undefined;
  const guess = speculateTemplateEdit(built, 'v', template, edit);
  const real = build({ baseTemplate: after, placeholders });
  if (guess) {
    expect(guess.text, `${JSON.stringify(template)} edited ${JSON.stringify(edit)}`).toBe(real.text);
    expect(guess.sections).toEqual(real.sections);
  }
  const removed = template.slice(edit.start, edit.endOld);
  const braced = BRACES.test(edit.text) || BRACES.test(removed);
  return { after, real, given: guess !== undefined, braced, removed, inserted: edit.text, at: edit.start };
}

type TypedStep = NonNullable<ReturnType<typeof typedChecked>>;

/**
 * 400 small random templates, each `parts` of `bits` between two lines of words, typed on 25
 * times at random places (every other template with the edits as the editor's splices give
 * them), every step checked by typedChecked; `seen` is told of each step that changed the text.
 */
function typeOnRandomTemplates(
  opts: { seed: number; bits: string[]; parts: number; keys: string[]; placeholders?: Record<string, string> },
  seen: (step: TypedStep) => void,
): void {
  const { bits, keys, placeholders } = opts;
  const next = random(opts.seed);
  for (let round = 0; round < 400; round++) {
    let template = 'Start words here.\n';
    for (let i = 0; i < opts.parts; i++) template += bits[Math.floor(next() * bits.length)]!;
    template += '\nEnd words here.';
    let built: BuiltText = build({ baseTemplate: template, placeholders });
    for (let i = 0; i < 25; i++) {
      const key = keys[Math.floor(next() * keys.length)]!;
      const step = typedChecked(template, built, key, 1 + Math.floor(next() * (template.length - 1)), {
        placeholders,
        spliced: round % 2 === 0,
      });
      if (!step) continue;
      seen(step);
      template = step.after;
      built = step.real;
    }
  }
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

  it('refuses what a build step reads: a brace, a separator near, a third newline, a space at an edge', () => {
    const base = `Intro line here.\n\nSome words and more words.\n${'Filler words go on. '.repeat(5)}\n====\nTail`;
    const built = build({ baseTemplate: base });
    const textOf = (template: string): string => build({ baseTemplate: template }).text;
    const insert = (at: number, typed: string): string => base.slice(0, at) + typed + base.slice(at);
    const guess = (after: string) => speculateTemplateEdit(built, 'v', base, minimalEdit(base, after)!)?.text;
    const inWords = base.indexOf('Intro') + 2;
    expect(guess(insert(inWords, 'x'))).toBe(textOf(insert(inWords, 'x')));
    expect(guess(insert(inWords, 'x'))).toMatch(/^Inxtro line here\.\n\nSome words/);
    // A tab is whitespace to cleanup as a space is: known inside a line.
    expect(guess(insert(inWords, '\t'))).toBe(textOf(insert(inWords, '\t')));
    expect(guess(insert(inWords, '\t'))).toMatch(/^In\ttro line/);
    // Enter between two characters that are not whitespace, or making a blank line between two lines: known.
    expect(guess(insert(inWords, '\n'))).toBe(textOf(insert(inWords, '\n')));
    expect(guess(insert(inWords, '\n'))).toMatch(/^In\ntro line/);
    const firstEnd = base.indexOf('\n');
    const secondEnd = base.indexOf('\n', base.indexOf('Some'));
    expect(guess(insert(secondEnd, '\n'))).toBe(textOf(insert(secondEnd, '\n')));
    // Beside a space or a tab too (cleanup keeps them at a line's ends inside the text), and with the indent the
    // editor types after it; not a third newline in a row (cleanup collapses it), nor splitting off a `##` line.
    expect(guess(insert(base.indexOf(' line'), '\n'))).toBe(textOf(insert(base.indexOf(' line'), '\n')));
    expect(guess(insert(base.indexOf(' line'), '\n'))).toMatch(/^Intro\n line here\./);
    expect(guess(insert(firstEnd, '\n'))).toBeUndefined();
    const tabbed = base.replace('Intro line', 'Intro\tline');
    const tabbedEdit = minimalEdit(tabbed, tabbed.replace('Intro\t', 'Intro\n\t'))!;
    expect(speculateTemplateEdit(build({ baseTemplate: tabbed }), 'v', tabbed, tabbedEdit)?.text).toBe(
      textOf(tabbed.replace('Intro\t', 'Intro\n\t')),
    );
    expect(guess(insert(inWords, '\n    '))).toBe(textOf(insert(inWords, '\n    ')));
    expect(guess(insert(inWords, '\n    '))).toMatch(/^In\n {4}tro line/);
    expect(guess(insert(firstEnd, '\n\t'))).toBeUndefined();
    const hashes = 'Intro line here ##\nMore words.';
    const hashesBuilt = build({ baseTemplate: hashes });
    const cut = hashes.indexOf(' ##') + 1;
    const splitAfter = hashes.slice(0, cut) + '\n' + hashes.slice(cut);
    expect(textOf(splitAfter)).toBe('Intro line here \nMore words.');
    expect(speculateTemplateEdit(hashesBuilt, 'v', hashes, minimalEdit(hashes, splitAfter)!)).toBeUndefined();
    // A `##` line after a carriage return or a line separator is cleanup's too: emptied, it is dropped.
    for (const lineEnd of ['\r', '\u2028']) {
      const header = `Intro words${lineEnd}## x\nMore words.`;
      const emptied = header.replace('x', '');
      expect(textOf(emptied)).toBe(`Intro words${lineEnd}More words.`);
      expect(speculateTemplateEdit(build({ baseTemplate: header }), 'v', header, minimalEdit(header, emptied)!)).toBeUndefined();
    }
    // Punctuation no step reads here (no separator near, a line of words): known, as built.
    for (const typed of ['{', '#', '=', '-', '+', '[', '|', '`'])
      expect(guess(insert(inWords, typed))).toBe(textOf(insert(inWords, typed)));
    // Braces: the template's pass takes a tag from a `{{` to the first `}` when another follows it. With none further
    // on, a `{{` or `}` typed is literal text, known; with a tag further on, a `{{` typed swallows it (refused).
    expect(guess(insert(inWords, '{{'))).toBe(textOf(insert(inWords, '{{')));
    expect(guess(insert(inWords, '{{'))).toMatch(/^In\{\{tro line/);
    expect(guess(insert(inWords, '}'))).toBe(textOf(insert(inWords, '}')));
    const tagged = `${base} in {{CWD}}.`;
    const taggedBuilt = build({ baseTemplate: tagged });
    const onTagged = (at: number, typed: string) =>
      speculateTemplateEdit(taggedBuilt, 'v', tagged, minimalEdit(tagged, tagged.slice(0, at) + typed + tagged.slice(at))!)?.text;
    expect(textOf(tagged)).toMatch(/Tail in \/proj\.$/);
    expect(textOf(tagged.slice(0, inWords) + '{{' + tagged.slice(inWords))).toMatch(/Tail in \{\{CWD\}\}\.$/);
    expect(onTagged(inWords, '{{')).toBeUndefined();
    expect(onTagged(inWords, '}')).toBe(textOf(tagged.slice(0, inWords) + '}' + tagged.slice(inWords)));
    // Keys typed into a `{{` that swallows a tag: the tag's key finds no value before or after, so it stays literal text.
    const open = `A {{ left open\n${tagged}`;
    const openBuilt = build({ baseTemplate: open });
    const inOpen = open.indexOf('Intro') + 2;
    const onOpen = (typed: string, known: BuiltText = openBuilt) =>
      speculateTemplateEdit(known, 'v', open, minimalEdit(open, open.slice(0, inOpen) + typed + open.slice(inOpen))!)?.text;
    expect(onOpen('x')).toBe(textOf(open.slice(0, inOpen) + 'x' + open.slice(inOpen)));
    expect(onOpen('x')).toMatch(/^A \{\{ left open\nInxtro line[^]*Tail in \{\{CWD\}\}\.$/);
    // Not without the keys the build found values under: the key could be one of them.
    expect(onOpen('x', { ...openBuilt, placeholderKeys: undefined })).toBeUndefined();
    // A `}` typed there ends the open tag first and gives CWD's back, which resolves.
    expect(textOf(open.slice(0, inOpen) + '}' + open.slice(inOpen))).toMatch(/Tail in \/proj\.$/);
    expect(onOpen('}')).toBeUndefined();
    // A tag the editor closed as it was opened: each key typed into it is known until the key finds a value. A key
    // every object has (toString) may find one too.
    for (const [written, typed, resolves] of [
      ['CW', 'X', false],
      ['CW', 'D', true],
      ['', 'Q', false],
      ['toStrin', 'g', true],
    ] as const) {
      const closed = `${base} at {{${written}}}.`;
      const inKey = closed.lastIndexOf('}}');
      const typedIn = closed.slice(0, inKey) + typed + closed.slice(inKey);
      const known = speculateTemplateEdit(build({ baseTemplate: closed }), 'v', closed, { start: inKey, endOld: inKey, text: typed });
      expect(known?.text, `${written} + ${typed}`).toBe(resolves ? undefined : textOf(typedIn));
      expect(textOf(typedIn).endsWith(`at {{${written}${typed}}}.`), `${written} + ${typed}`).toBe(!resolves);
    }
    // A dotted key walks the value of its first part: `user.name` finds one in a runtime placeholder's object. Any
    // key after `user.` waits for the build (what the object holds is not known ahead).
    const dotted = `${base} by {{user.nam}}.`;
    const runtime = { context: { cwd: '/proj', runtimePlaceholders: { user: { name: 'Ada' } } } };
    const dottedBuilt = build({ baseTemplate: dotted }, runtime);
    const inDotted = dotted.lastIndexOf('}}');
    const onDotted = (typed: string) =>
      speculateTemplateEdit(dottedBuilt, 'v', dotted, { start: inDotted, endOld: inDotted, text: typed })?.text;
    const dottedWith = (typed: string) => build({ baseTemplate: dotted.slice(0, inDotted) + typed + dotted.slice(inDotted) }, runtime).text;
    expect(dottedWith('e')).toMatch(/by Ada\.$/);
    expect(onDotted('e')).toBeUndefined();
    expect(dottedWith('x')).toMatch(/by \{\{user\.namx\}\}\.$/);
    expect(onDotted('x')).toBeUndefined();
    // A key that is only whitespace is looked up as the empty key; `{{}}` holds none and is no tag.
    const emptyKey = { context: { cwd: '/proj', runtimePlaceholders: { '': 'empty key' } } };
    const one = `${base} at {{x}}.`;
    const emptied = one.replace('{{x}}', '{{}}');
    expect(build({ baseTemplate: one }, emptyKey).text).toMatch(/at \{\{x\}\}\.$/);
    expect(build({ baseTemplate: emptied }, emptyKey).text).toMatch(/at \{\{\}\}\.$/);
    const fromOne = (after: string) =>
      speculateTemplateEdit(build({ baseTemplate: one }, emptyKey), 'v', one, minimalEdit(one, after)!)?.text;
    expect(fromOne(emptied)).toBe(build({ baseTemplate: emptied }, emptyKey).text);
    expect(build({ baseTemplate: one.replace('{{x}}', '{{ }}') }, emptyKey).text).toMatch(/at empty key\.$/);
    expect(fromOne(one.replace('{{x}}', '{{ }}'))).toBeUndefined();
    // A letter deleted between two `}` makes CWD's tag end there: it resolves.
    const split = 'Known {{CWD}x} here.';
    const splitEdit = minimalEdit(split, split.replace('x', ''))!;
    expect(textOf(split.replace('x', ''))).toBe('Known /proj here.');
    expect(speculateTemplateEdit(build({ baseTemplate: split }), 'v', split, splitEdit)).toBeUndefined();
    // A `{` beside a `{` makes a `{{`: it swallows the tag further on.
    const braced = tagged.slice(0, inWords) + '{' + tagged.slice(inWords);
    const bracedBuilt = build({ baseTemplate: braced });
    const onBraced = (at: number, typed: string) =>
      speculateTemplateEdit(bracedBuilt, 'v', braced, minimalEdit(braced, braced.slice(0, at) + typed + braced.slice(at))!)?.text;
    expect(onBraced(inWords + 2, 'x')).toBe(textOf(braced.slice(0, inWords + 2) + 'x' + braced.slice(inWords + 2)));
    expect(onBraced(inWords, '{')).toBeUndefined();
    expect(onBraced(inWords + 1, '{')).toBeUndefined();
    // At the end of the first line: a letter is known, and a space (cleanup keeps it before the line's end).
    const end = base.indexOf('\n');
    expect(guess(insert(end, 's'))).toBe(textOf(insert(end, 's')));
    expect(guess(insert(end, ' '))).toBe(textOf(insert(end, ' ')));
    expect(guess(insert(end, ' '))).toMatch(/^Intro line here\. \n\nSome/);
    // A space between two letters is known, and beside another space (cleanup keeps double spaces).
    expect(guess(insert(base.indexOf('ntro'), ' '))).toBe(textOf(insert(base.indexOf('ntro'), ' ')));
    expect(guess(insert(base.indexOf(' line'), ' '))).toBe(textOf(insert(base.indexOf(' line'), ' ')));
    expect(guess(insert(base.indexOf(' line'), ' '))).toMatch(/^Intro {2}line/);
    // Not a carriage return (a `##` line ends at one too) or a no-break space: whitespace the rule does not take.
    expect(guess(insert(inWords, '\r'))).toBeUndefined();
    expect(guess(insert(inWords, '\u00a0'))).toBeUndefined();
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
    // Near the separator: a letter, a `=` or a space on a line of words leaves every rule about it as it was (known);
    // a separator on the line, whitespace that reaches its line, or a diff marker near (which keeps step 7 from
    // spacing it) is cleanup's.
    const near = base.lastIndexOf('on.');
    expect(guess(insert(near, 'x'))).toBe(textOf(insert(near, 'x')));
    expect(guess(insert(near, 'x'))).toMatch(/go xon\. \n\n====\n\nTail$/);
    expect(guess(insert(near, ' '))).toBe(textOf(insert(near, ' ')));
    expect(guess(insert(near, ' '))).toMatch(/go {2}on\. \n\n====\n\nTail$/);
    const separatorLine = base.indexOf('\n====');
    const joined = base.slice(0, separatorLine) + base.slice(separatorLine + 1);
    expect(textOf(joined)).toMatch(/go on\. ====\n\nTail$/);
    expect(guess(joined)).toBeUndefined();
    expect(guess(insert(separatorLine, '\n'))).toBeUndefined();
    expect(guess(insert(near, '='))).toBe(textOf(insert(near, '=')));
    expect(guess(insert(near, '===='))).toBeUndefined();
    expect(guess(insert(near, 'SEARCH'))).toBeUndefined();
    const tail = base.indexOf('Tail') + 2;
    expect(guess(insert(tail, 'x'))).toBe(textOf(insert(tail, 'x')));
    expect(guess(insert(tail, 'x'))).toMatch(/\n====\n\nTaxil$/);
    const marked = base.replace('Tail', 'Tail -------');
    const markedEdit = minimalEdit(marked, marked.replace('Tail', 'Taxil'))!;
    expect(speculateTemplateEdit(build({ baseTemplate: marked }), 'v', marked, markedEdit)).toBeUndefined();
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
    expect(refused).toBeGreaterThan(400);
  });

  it('is exactly the build on lines with braces, tags, a tag left open above, `##` lines and separators near', () => {
    // A `{{` left open on the fourth line ends at the `}}` of MODEL_FAMILY's tag two lines down: that tag stays
    // unresolved text until a `}` typed between them ends the open one first.
    const start = [
      'Intro {single} brace and {another one} here.',
      'Known {{CWD}} slot; and a JSON {"a": 1} example.',
      '## A heading with words',
      'A stray {{ opening that waits',
      'for its close two lines below, past this line',
      'and this one, then {{MODEL_FAMILY}} here.',
      'Plain line with = and - and + and # signs.',
      '====',
      'After the separator {x}.',
      'Last line {y}',
    ].join('\n');
    const next = random(57);
    const keys = ['{', '}', '{', '}', '#', '=', '-', '+', 'x', 'word', ' ', '{{', '}}', 'back', 'back'];
    let template = start;
    let built = build({ baseTemplate: template });
    let given = 0;
    let refused = 0;
    let braces = 0;
    for (let i = 0; i < 6000; i++) {
      if (i % 40 === 0) {
        template = start;
        built = build({ baseTemplate: template });
      }
      const key = keys[Math.floor(next() * keys.length)]!;
      const step = typedChecked(template, built, key, Math.floor(next() * (template.length + 1)));
      if (!step) continue;
      if (step.given) {
        given++;
        if (step.braced) braces++;
      } else refused++;
      template = step.after;
      built = step.real;
    }
    console.log('COUNTS', given, braces, refused);
    // Each kind occurs: known edits (of them, ones typing or deleting a brace) and refused ones.
    expect(given).toBeGreaterThan(5000);
    expect(braces).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(300);
  });

  it('is exactly the build of words and whitespace typed and deleted beside separators, `=` runs and diff markers being made', () => {
    // Separators on their own lines and inside lines, `=` runs a key can make one of, and diff markers (SEARCH,
    // REPLACE, seven `-` or `+`) a key can complete or break, within and beyond the 50 characters step 7 looks;
    // spaces, tabs and newlines typed beside them, and lines joined to them.
    let given = 0;
    let nearSeparator = 0;
    let whitespaceNear = 0;
    const line = 'a line of plain words that goes on';
    const bits = [
      'word',
      ' ',
      '\n',
      '\n\n',
      '====',
      '\n====\n',
      '\n\n====\n\n',
      '===',
      '=',
      'SEARC',
      'H',
      'REPLAC',
      'E',
      '------',
      '-',
      '+++',
      line,
      line,
      '## ',
      '.',
    ];
    const keys = [
      'x',
      'S',
      'H',
      'E',
      'word',
      '-',
      '+',
      '=',
      'SEARCH',
      'EARCH',
      '------',
      'back',
      'back',
      'back',
      ' ',
      '\n',
      '\n',
      '\t',
      '\n\n',
    ];
    for (const seed of [3, 4, 8, 9]) {
      typeOnRandomTemplates({ seed, bits, parts: 14, keys }, (step) => {
        if (!step.given) return;
        given++;
        if (!step.after.slice(Math.max(0, step.at - 64), step.at + 64).includes('====')) return;
        nearSeparator++;
        if (/\s/.test(step.inserted + step.removed)) whitespaceNear++;
      });
    }
    expect(given).toBeGreaterThan(17_000);
    expect(nearSeparator).toBeGreaterThan(8000);
    expect(whitespaceNear).toBeGreaterThan(2200);
  });

  it('is exactly the build of small random templates thick with braces and tags, typed and deleted anywhere', () => {
    // Words and tags (CWD resolves, Q does not) among stray braces, on a few lines: every way a brace can start,
    // end, swallow or give back a tag is near.
    let given = 0;
    let braces = 0;
    const bits = ['{', '}', '{{', '}}', 'CWD', 'Q', 'a', 'word', ' ', ' ', '.', '\n'];
    typeOnRandomTemplates({ seed: 91, bits, parts: 24, keys: ['{', '}', 'a', 'C', 'x', 'back'] }, (step) => {
      if (step.given) given++;
      if (step.given && step.braced) braces++;
    });
    expect(given).toBeGreaterThan(1000);
    expect(braces).toBeGreaterThan(300);
  });

  it('is exactly the build of tags written key by key: `{{` typed, keys typed in and closed, keys that find a value and keys that do not', () => {
    // Tags half written, closed as the editor closes them, and keys near the placeholders' (A and AB find values,
    // CWD too, toString is every object's; Q and B find none); a key typed may make any of them.
    let given = 0;
    let inTag = 0;
    let refused = 0;
    const bits = ['{{', '}}', '{{}}', '{{CW}}', '{{A}}', '{{Q', 'CWD', 'A', 'B', 'word', ' ', '\n', '.', 'toStrin', '{', '}'];
    const keys = ['{', '}', 'C', 'W', 'D', 'A', 'B', 'Q', '.', 'g', ' ', 'x', 'back', 'back'];
    const placeholders = { AB: 'ab value', A: 'a value' };
    for (const seed of [12, 13]) {
      typeOnRandomTemplates({ seed, bits, parts: 12, keys, placeholders }, (step) => {
        if (!step.given) {
          refused++;
          return;
        }
        given++;
        if ([...scanTags(step.after)].some((t) => t.start + 2 <= step.at && step.at + step.inserted.length <= t.end - 2)) inTag++;
      });
    }
    // Known keys typed inside tags (of 19,112 known in all), and keys that wait for the build (888).
    expect(given).toBeGreaterThan(16_000);
    expect(inTag).toBeGreaterThan(1200);
    expect(refused).toBeGreaterThan(700);
  });

  it('is exactly the build of Enter and its Backspace among blank lines, `##` lines, separators and a slot whose text starts with newlines', () => {
    let given = 0;
    let newlines = 0;
    const bits = ['word', 'more', ' ', '\n', '\n', '\n\n', '## ', '##', '====', '{{X}}', '.', 'a'];
    const placeholders = { X: '\n\nvalue of X\n' };
    typeOnRandomTemplates({ seed: 13, bits, parts: 20, keys: ['\n', '\n', 'back', 'x', ' '], placeholders }, (step) => {
      if (step.given) given++;
      if (step.given && (step.inserted === '\n' || step.removed === '\n')) newlines++;
    });
    expect(given).toBeGreaterThan(1000);
    expect(newlines).toBeGreaterThan(200);
  });

  it('is exactly the build of spaces, tabs, indents and newlines typed and deleted among blank lines, `##` lines, separators and slots of whitespace', () => {
    // Runs of every kind of whitespace cleanup reads, beside slots whose text starts or ends with it; keys that make,
    // lengthen and shorten them, and pastes across lines (a `##` line, a separator far inside).
    let given = 0;
    let spaces = 0;
    let inRuns = 0;
    let lines = 0;
    const placeholders = { X: ' \t\nvalue of X\t', Y: '\n\n  ' };
    const keys = [' ', ' ', '\t', '\n', '\n  ', '    ', '\t\n', 'back', 'back', 'x', '\n##\n', 'a\n\nb'];
    const WHITESPACE = /\s/;
    const mixes = [
      {
        bits: ['word', 'more', ' ', '  ', '\t', '\n', '\n', '\n\n', '\n  ', ' \n', '## ', '##', '====', '{{X}}', '{{Y}}', '.', 'a'],
        parts: 16,
        keys,
      },
      // Fewer and shorter, no separator: a slot's whitespace meets the template's more often, lines are checked.
      { bits: ['word', ' ', ' ', '\n', '\t', '{{X}}', '{{Y}}', 'a'], parts: 8, keys },
      // A paste across lines, a separator far inside it.
      { bits: ['word', ' ', '\n', 'more', 'a'], parts: 8, keys: [...keys, `\n${'words '.repeat(14)}\n====\n${'words '.repeat(14)}\n`] },
    ];
    for (const [i, mix] of mixes.entries()) {
      for (const seed of [5, 6, 7]) {
        typeOnRandomTemplates({ seed: seed + 10 * i, ...mix, placeholders }, (step) => {
          if (!step.given) return;
          given++;
          if (WHITESPACE.test(step.inserted + step.removed)) spaces++;
          if ((step.inserted + step.removed).includes('\n')) lines++;
          // Whitespace beside whitespace: a run made longer or shorter (what the old rule refused).
          if (/\s\s/.test(step.after.slice(Math.max(0, step.at - 2), step.at + step.inserted.length + 2))) inRuns++;
        });
      }
    }
    expect(given).toBeGreaterThan(34_000);
    expect(spaces).toBeGreaterThan(26_000);
    expect(inRuns).toBeGreaterThan(20_000);
    expect(lines).toBeGreaterThan(12_000);
  });

  it('leaves Enter before a space before a slot whose text starts with newlines to the build (cleanup collapses them with it)', () => {
    // The template's run stops at the slot; the prompt's goes on into Y's text: three newlines, collapsed to two.
    const placeholders = { Y: '\n\n  ' };
    const template = 'Start words here.\nword {{Y}}more\nEnd words here.';
    const built = build({ baseTemplate: template, placeholders });
    expect(built.text).toBe('Start words here.\nword \n\n  more\nEnd words here.');
    const at = template.indexOf(' {{');
    const after = template.slice(0, at) + '\n' + template.slice(at);
    expect(build({ baseTemplate: after, placeholders }).text).toBe('Start words here.\nword\n\n  more\nEnd words here.');
    expect(speculateTemplateEdit(built, 'v', template, { start: at, endOld: at, text: '\n' })).toBeUndefined();
    // What is before the run's first newline cleanup keeps, collapsed or not: a tab there is known.
    const typed = (base: string, offset: number, key: string) => {
      const edited = base.slice(0, offset) + key + base.slice(offset);
      const guess = speculateTemplateEdit(build({ baseTemplate: base, placeholders }), 'v', base, {
        start: offset,
        endOld: offset,
        text: key,
      });
      return { guess: guess?.text, real: build({ baseTemplate: edited, placeholders }).text, edited };
    };
    const tab = typed(template, at, '\t');
    expect(tab.guess).toBe(tab.real);
    expect(tab.guess).toBe('Start words here.\nword\t \n\n  more\nEnd words here.');
    // Above a slot whose text starts with a word: a space typed at the line's end, before the run's first newline, and
    // the word after it; a letter there leaves the run as it is. Enter there makes three newlines in a row: the build's.
    const above = 'Start words here.\nword\n\n{{Z}}\nEnd words here.';
    const withZ = { Z: 'Z starts with words' };
    const typedAbove = (base: string, key: string) => {
      const offset = base.indexOf('\n\n{{');
      const edited = base.slice(0, offset) + key + base.slice(offset);
      const built = build({ baseTemplate: base, placeholders: withZ });
      const guess = speculateTemplateEdit(built, 'v', base, { start: offset, endOld: offset, text: key });
      return { guess: guess?.text, real: build({ baseTemplate: edited, placeholders: withZ }).text, edited };
    };
    const space = typedAbove(above, ' ');
    expect(space.guess).toBe(space.real);
    expect(space.guess).toBe('Start words here.\nword \n\nZ starts with words\nEnd words here.');
    const word = typedAbove(space.edited, 'w');
    expect(word.guess).toBe(word.real);
    expect(word.guess).toBe('Start words here.\nword w\n\nZ starts with words\nEnd words here.');
    const letter = typedAbove(above, 's');
    expect(letter.guess).toBe(letter.real);
    expect(letter.guess).toBe('Start words here.\nwords\n\nZ starts with words\nEnd words here.');
    expect(typedAbove(above, '\n').guess).toBeUndefined();
  });

  it('knows a letter typed beside whitespace it leaves as it is, above a `##` line, a blank line or a line without a word', () => {
    const template = 'Start words here.\nword\n##\nmore words\n\n\nEnd words here.\n***\nLast.';
    const built = build({ baseTemplate: template });
    expect(built.text).toBe('Start words here.\nword\nmore words\n\nEnd words here.\n***\nLast.');
    for (const [offset, expected] of [
      [template.indexOf('\n##'), 'Start words here.\nwords\nmore words\n\nEnd words here.\n***\nLast.'],
      [template.indexOf('\n\n\n'), 'Start words here.\nword\nmore wordss\n\nEnd words here.\n***\nLast.'],
      // Above a line without a word, in the prompt too.
      [template.indexOf('\n***'), 'Start words here.\nword\nmore words\n\nEnd words here.s\n***\nLast.'],
    ] as const) {
      const after = template.slice(0, offset) + 's' + template.slice(offset);
      const guess = speculateTemplateEdit(built, 'v', template, { start: offset, endOld: offset, text: 's' });
      expect(guess?.text).toBe(expected);
      expect(build({ baseTemplate: after }).text).toBe(expected);
    }
  });

  it('leaves Enter before a slot whose text starts with newlines to the build (cleanup collapses them with it)', () => {
    // The template's run stops at the slot; the prompt's goes on into X's text: three newlines, collapsed to two.
    const template = 'Some words here\n{{X}}';
    const placeholders = { X: '\nvalue' };
    const built = build({ baseTemplate: template, placeholders });
    expect(built.text).toBe('Some words here\n\nvalue');
    // Enter typed where the editor had the cursor, before the newline (the splice, not the edit a comparison finds after it).
    const at = template.indexOf('\n');
    const after = template.slice(0, at) + '\n' + template.slice(at);
    expect(build({ baseTemplate: after, placeholders }).text).toBe(built.text);
    expect(speculateTemplateEdit(built, 'v', template, { start: at, endOld: at, text: '\n' })).toBeUndefined();
  });

  it('finds a `{{` left open however far up before a `}` typed, and a tag however far on after a `{{` typed', () => {
    const words = (n: number): string => 'word '.repeat(Math.ceil(n / 5)).slice(0, n);
    // Gaps of lines without braces around the chunks (4,096 characters) the search reads, and past its reach.
    const gaps = [10, 30_000];
    for (let gap = 4000; gap < 4060; gap += 7) gaps.push(gap, gap + 4040);
    for (const gap of gaps) {
      const filler = words(gap).replace(/(.{70})/g, '$1\n');
      // A `{{` open `gap` characters up swallows CWD's tag below: a `}` typed ends it first and gives the tag back.
      const open = `Top {{ left open ${filler}\nHere {a brace\nthen {{CWD}} here`;
      const at = open.indexOf(' brace');
      const typedAt = (template: string, where: number, typed: string) =>
        speculateTemplateEdit(
          build({ baseTemplate: template }),
          'v',
          template,
          minimalEdit(template, template.slice(0, where) + typed + template.slice(where))!,
        )?.text;
      expect(build({ baseTemplate: open }).text).toMatch(/then \{\{CWD\}\} here$/);
      expect(typedAt(open, at, '}'), `a gap of ${gap}`).toBeUndefined();
      // A letter changes the open tag's key only, which finds no value however long it is.
      expect(typedAt(open, at, 'x'), `a gap of ${gap}`).toBe(build({ baseTemplate: open.slice(0, at) + 'x' + open.slice(at) }).text);
      // A `{` typed beside a `{` makes a `{{` that swallows CWD's tag `gap` characters on; a letter beside it does not.
      const later = `Top {a brace ${filler}\nthen {{CWD}} here`;
      const brace = later.indexOf('{a') + 1;
      expect(build({ baseTemplate: later }).text).toMatch(/then \/proj here$/);
      expect(typedAt(later, brace, '{'), `a gap of ${gap}`).toBeUndefined();
      expect(typedAt(later, brace + 1, 'x'), `a gap of ${gap}`).toBe(
        build({ baseTemplate: later.slice(0, brace + 1) + 'x' + later.slice(brace + 1) }).text,
      );
    }
  });

  it('finds a `{{` across the border of the chunks it is read in', () => {
    // The `{{` 4,094-4,097 characters into the text, where the first chunk (4,096 characters) ends: a `}` typed
    // below ends it and gives CWD's tag back.
    for (const at of [4094, 4095, 4096, 4097]) {
      const filler = 'word '
        .repeat(1000)
        .replace(/(.{70})/g, '$1\n')
        .slice(0, at);
      const template = `${filler}{{ left open\nHere {a brace\nthen {{CWD}} here`;
      expect(template.indexOf('{{')).toBe(at);
      const built = build({ baseTemplate: template });
      expect(built.text).toMatch(/then \{\{CWD\}\} here$/);
      const where = template.indexOf(' brace');
      const edit = { start: where, endOld: where, text: '}' };
      expect(build({ baseTemplate: template.slice(0, where) + '}' + template.slice(where) }).text).toMatch(/then \/proj here$/);
      expect(speculateTemplateEdit(built, 'v', template, edit), `a {{ at ${at}`).toBeUndefined();
    }
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
