import { describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { docKey } from '../../../shared/ipc/doc-key';
import { builtPreview, builtVariant } from '../testing/built-preview';
import type { StudioState } from './types';
import { diffAheadOf, promptAhead } from './prompt-ahead';
import { applyMinimalEdit, type MinimalEdit } from '../../../shared/engine/text/minimal-edit';
import { PreviewWireDecoder, PreviewWireEncoder, previewEditSince } from '../../../shared/ipc/preview-wire';

const KEY = docKey({ kind: 'variant-template', variantId: 'v' });
const COMPONENTS = { ROLE: 'You are a careful agent.' };
const buildOf = (template: string) => builtVariant(template, COMPONENTS);
let seq = 0;
const resultOf = (template: string): PreviewResult => builtPreview(++seq, template, COMPONENTS);

/** The parts of the store the speculation reads. */
const state = (template: string, preview: PreviewResult | null): StudioState =>
  ({ preview, docs: { [KEY]: { key: KEY, text: template } } }) as unknown as StudioState;

const T0 = '{{ROLE}}\n\nWrite the tests first, then the code.\nThen run them all in {{CWD}}.\n';
const typed = (template: string, at: string, text: string): string => template.replace(at, `${at}${text}`);

describe('keystrokes shown ahead of their builds', () => {
  it('shows a keystroke as its build will, and takes the build when it comes', () => {
    const sp = promptAhead();
    const r0 = resultOf(T0);
    let s = state(T0, r0);
    // The first build: shown as it is.
    expect(sp.textFor(s)).toBeUndefined();
    // A letter typed inside the words: the prompt of that template, at once.
    const t1 = typed(T0, 'tests', 's');
    s = state(t1, r0);
    expect(sp.textFor(s)).toBe(buildOf(t1).text);
    // Another before the first one's build came.
    const t2 = typed(t1, 'code', 's');
    s = state(t2, r0);
    expect(sp.textFor(s)).toBe(buildOf(t2).text);
    // The first one's build comes: the second keystroke stays shown on it.
    s = state(t2, resultOf(t1));
    expect(sp.textFor(s)).toBe(buildOf(t2).text);
    // The second one's build: nothing ahead of it, shown as it is.
    s = state(t2, resultOf(t2));
    expect(sp.textFor(s)).toBeUndefined();
  });

  it('leaves to the build what is not certain, and goes on once a build came', () => {
    const sp = promptAhead();
    let s = state(T0, resultOf(T0));
    sp.textFor(s);
    // A letter, then two braces: they start a tag that swallows CWD's further on, so the prompt with the letter stays
    // until the build decides.
    const lettered = typed(T0, 'Then', 's');
    s = state(lettered, s.preview);
    expect(sp.textFor(s)).toBe(buildOf(lettered).text);
    s = state(typed(lettered, 'tests', '{{'), s.preview);
    expect(sp.textFor(s)).toBe(buildOf(lettered).text);
    s = state(T0, s.preview);
    expect(sp.textFor(s)).toBeUndefined();
    // Two braces alone: nothing is ahead of the build.
    const braced = typed(T0, 'tests', '{{');
    s = state(braced, s.preview);
    expect(sp.textFor(s)).toBeUndefined();
    // And the next letter waits for it too.
    const after = typed(braced, 'code', 'x');
    s = state(after, s.preview);
    expect(sp.textFor(s)).toBeUndefined();
    // Its build comes: typing is shown ahead again (into the open tag, whose key finds no value).
    s = state(after, resultOf(after));
    expect(sp.textFor(s)).toBeUndefined();
    const more = typed(after, 'run', 's');
    s = state(more, s.preview);
    expect(sp.textFor(s)).toBe(buildOf(more).text);
  });

  it('shows the build of another variant as it is, and starts again from it', () => {
    const sp = promptAhead();
    let s = state(T0, resultOf(T0));
    sp.textFor(s);
    const other: PreviewResult = { ...resultOf(T0), target: { kind: 'variant', variantId: 'w' } };
    const w = buildOf(T0);
    other.outcome = { ok: true, kind: 'variant', result: { ...w, variantId: 'w' }, durationMs: 1 };
    s = { ...s, preview: other } as StudioState;
    // Typing in v's template says nothing of w's prompt.
    s = { ...s, docs: { [KEY]: { key: KEY, text: typed(T0, 'tests', 's') } } } as unknown as StudioState;
    expect(sp.textFor(s)).toBeUndefined();
    // While the latest build failed (the last one shown dimmed), nothing is ahead of it.
    s = state(T0, resultOf(T0));
    sp.textFor(s);
    s = { ...state(typed(T0, 'tests', 's'), s.preview), previewStale: { seq: 9, error: 'variant.yaml: bad' } } as unknown as StudioState;
    expect(sp.textFor(s)).toBeUndefined();
    // A failed build: nothing is known.
    s = { ...s, preview: { ...resultOf(T0), outcome: { ok: false, error: 'broken' } } } as unknown as StudioState;
    expect(sp.textFor(s)).toBeUndefined();
  });

  it('goes into the diff when the baseline cannot have moved with the template, not when it is built from it', () => {
    const withBaseline = (template: string, preview: PreviewResult, spec: PreviewResult['baseline']['spec']): StudioState =>
      state(template, { ...preview, baseline: { spec, text: 'the baseline' } });
    const r0 = resultOf(T0);
    const t1 = typed(T0, 'tests', 's');
    for (const spec of [{ kind: 'saved' }, { kind: 'snapshot', name: 'pin' }, { kind: 'variant', variantId: 'other' }] as const) {
      diffAheadOf(withBaseline(T0, r0, spec));
      expect(diffAheadOf(withBaseline(t1, r0, spec)), spec.kind).toBe(buildOf(t1).text);
    }
    for (const spec of [
      { kind: 'preset', name: 'other' },
      { kind: 'variant', variantId: 'v' },
    ] as const) {
      const r = resultOf(T0);
      diffAheadOf(withBaseline(T0, r, spec));
      expect(diffAheadOf(withBaseline(t1, r, spec)), spec.kind).toBeUndefined();
    }
  });

  it("takes the editor's splice for the edit when it was made on the template it knows, says how each prompt ahead was made, and which one a build is", () => {
    const sp = promptAhead();
    const r0 = resultOf(T0);
    sp.textFor(state(T0, r0));
    const spliced = (before: string, after: string, edit: MinimalEdit): StudioState => {
      const s = state(after, r0);
      s.docs[KEY]!.madeBy = { from: before, to: after, edit };
      return s;
    };
    // A splice said to be made on the known template is used as it is: one that is wrong shows (an editor's is never wrong).
    const t1 = typed(T0, 'tests', 's');
    const at = T0.indexOf('tests') + 5;
    const wrong = { start: at + 1, endOld: at + 1, text: 's' };
    expect(sp.textFor(spliced(T0, t1, wrong))).not.toBe(buildOf(t1).text);

    const sq = promptAhead();
    sq.textFor(state(T0, r0));
    expect(sq.textFor(spliced(T0, t1, { start: at, endOld: at, text: 's' }))).toBe(buildOf(t1).text);
    const made = sq.lastEdit()!;
    expect(made.text).toBe(r0.outcome.ok ? r0.outcome.result.text : '');
    expect(applyMinimalEdit(made.text, made.edit)).toBe(buildOf(t1).text);
    // A splice made on another text than the known template is not used: the texts are compared.
    const t2 = typed(t1, 'code', 's');
    expect(sq.textFor(spliced('another text', t2, wrong))).toBe(buildOf(t2).text);
    expect(applyMinimalEdit(sq.lastEdit()!.text, sq.lastEdit()!.edit)).toBe(buildOf(t2).text);
    // The build of the first keystroke comes: it is that prompt ahead (the same text), and the second stays ahead.
    const shown1 = buildOf(t1).text;
    const r1 = resultOf(t1);
    expect(sq.textFor(state(t2, r1))).toBe(buildOf(t2).text);
    expect(sq.builtAhead()).toBe(shown1);
    // Keystrokes after it are made on that prompt ahead: still the prompts their builds are.
    let t = t2;
    for (const word of ['Write', 'first', 'run', 'all']) {
      t = typed(t, word, 'y');
      expect(sq.textFor(state(t, r1)), word).toBe(buildOf(t).text);
    }
    expect(sq.textFor(state(t, resultOf(t)))).toBeUndefined();
    // A build of a template never shown ahead is none of them.
    expect(sq.textFor(state(T0, resultOf(T0)))).toBeUndefined();
    expect(sq.builtAhead()).toBeUndefined();
  });
  it('keeps the keystrokes ahead of a build when the same prompt is built again', () => {
    const sp = promptAhead();
    const r0 = resultOf(T0);
    sp.textFor(state(T0, r0));
    const t1 = typed(T0, 'tests', 's');
    expect(sp.textFor(state(t1, r0))).toBe(buildOf(t1).text);
    // The host builds the same template again (another file changed, say): the keystroke is still ahead of it.
    const again = resultOf(T0);
    expect(sp.textFor(state(t1, again))).toBe(buildOf(t1).text);
    const t2 = typed(t1, 'code', 's');
    expect(sp.textFor(state(t2, again))).toBe(buildOf(t2).text);
    expect(sp.textFor(state(t2, resultOf(t1)))).toBe(buildOf(t2).text);
    expect(sp.textFor(state(t2, resultOf(t2)))).toBeUndefined();
  });
});

describe('a build that came patched over the wire', () => {
  it('is matched to the prompt ahead it is where the patch is, as a whole comparison matches it, keystroke by keystroke', () => {
    // Long enough for the wire to send the prompt as a patch of the one before.
    const long = `${T0}${'Then run them all, and read what failed.\n'.repeat(40)}`;
    const words = ['tests', 'code', 'Then', 'read', 'failed', 'Write', 'first', 'all'];
    const encoder = new PreviewWireEncoder();
    const decoder = new PreviewWireDecoder();
    const viaWire = promptAhead();
    const whole = promptAhead();
    const templates = [long];
    // Keystrokes: a letter after a word, and every fifth a Backspace of the one before (the prompt is its build's again).
    for (let i = 1; i <= 30; i++) {
      const before = templates[i - 1]!;
      if (i % 5 === 0) templates.push(templates[i - 2]!);
      else templates.push(typed(before, words[i % words.length]!, 'y'));
    }
    let patched = 0;
    let shown = '';
    let wired: PreviewResult | undefined;
    let plain: PreviewResult | undefined;
    for (let i = 0; i < templates.length; i++) {
      // The first build; from the fourth keystroke on, with every second one the build of the one two before it.
      const built = i === 0 ? 0 : i >= 4 && i % 2 === 0 ? i - 2 : undefined;
      if (built !== undefined) {
        const r = resultOf(templates[built]!);
        shown = templates[built]!;
        const lastText = wired?.outcome.ok ? wired.outcome.result.text : undefined;
        wired = decoder.decode(encoder.encode(r));
        plain = r;
        if (lastText !== undefined && wired.outcome.ok && previewEditSince(wired.outcome.result, lastText) !== undefined) patched++;
        // It comes before the next keystroke does, as the store takes them one by one.
        if (i > 0) expect(viaWire.textFor(state(templates[i - 1]!, wired))).toBe(whole.textFor(state(templates[i - 1]!, plain)));
      }
      const a = viaWire.textFor(state(templates[i]!, wired!));
      const b = whole.textFor(state(templates[i]!, plain!));
      expect(a, `keystroke ${i}`).toBe(b);
      expect(viaWire.builtAhead(), `keystroke ${i}`).toBe(whole.builtAhead());
      // Every keystroke is one certain edit of the one before: it is shown ahead of its build, as that build will be.
      expect(a, `keystroke ${i}`).toBe(templates[i] === shown ? undefined : buildOf(templates[i]!).text);
    }
    // Every build after the first came as a patch of the one before.
    expect(patched).toBe(14);
  });
});
