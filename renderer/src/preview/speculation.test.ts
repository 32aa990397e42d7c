import { describe, expect, it } from 'vitest';
import { parseContext } from '../../../shared/domain/parse-context';
import { defineVariant } from '../../../shared/domain/variant';
import { buildVariantPrompt } from '../../../shared/engine/build/build-variant-prompt';
import { ComponentRegistry } from '../../../shared/engine/components/component-registry';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { docKey } from '../../../shared/ipc/doc-key';
import type { StudioState } from '../store';
import { previewSpeculation } from './speculation';

const KEY = docKey({ kind: 'variant-template', variantId: 'v' });
const components = new ComponentRegistry();
components.register('ROLE', () => 'You are a careful agent.');

const buildOf = (template: string) =>
  buildVariantPrompt({
    variant: defineVariant({ id: 'v', family: 'f', description: 'for tests', baseTemplate: template, componentOrder: ['ROLE'] }),
    context: parseContext({ cwd: '/proj' }),
    components,
    tools: new Map(),
    options: { now: '2026-01-15', processCwd: '/tmp' },
  });

let seq = 0;
function resultOf(template: string): PreviewResult {
  return {
    seq: ++seq,
    target: { kind: 'variant', variantId: 'v' },
    outcome: { ok: true, kind: 'variant', result: buildOf(template), durationMs: 1 },
    baseline: { spec: { kind: 'none' }, text: null },
  };
}

/** The parts of the store the speculation reads. */
const state = (template: string, preview: PreviewResult | null): StudioState =>
  ({ preview, docs: { [KEY]: { key: KEY, text: template } } }) as unknown as StudioState;

const T0 = '{{ROLE}}\n\nWrite the tests first, then the code.\nThen run them all.\n';
const typed = (template: string, at: string, text: string): string => template.replace(at, `${at}${text}`);

describe('keystrokes shown ahead of their builds', () => {
  it('shows a keystroke as its build will, and takes the build when it comes', () => {
    const sp = previewSpeculation();
    const r0 = resultOf(T0);
    let prev = state(T0, null);
    let s = state(T0, r0);
    // The first build: shown as it is.
    expect(sp.next(s, prev)).toBeUndefined();
    // A letter typed inside the words: the prompt of that template, at once.
    const t1 = typed(T0, 'tests', 's');
    [prev, s] = [s, state(t1, r0)];
    expect(sp.next(s, prev)?.text).toBe(buildOf(t1).text);
    // Another before the first one's build came.
    const t2 = typed(t1, 'code', 's');
    [prev, s] = [s, state(t2, r0)];
    expect(sp.next(s, prev)?.text).toBe(buildOf(t2).text);
    // The first one's build comes: the second keystroke stays shown on it.
    [prev, s] = [s, state(t2, resultOf(t1))];
    expect(sp.next(s, prev)?.text).toBe(buildOf(t2).text);
    // The second one's build: nothing ahead of it, shown as it is.
    [prev, s] = [s, state(t2, resultOf(t2))];
    expect(sp.next(s, prev)).toBeUndefined();
  });

  it('leaves to the build what is not certain, and goes on once a build came', () => {
    const sp = previewSpeculation();
    let prev = state(T0, null);
    let s = state(T0, resultOf(T0));
    sp.next(s, prev);
    // A brace might start a `{{key}}`: the build decides.
    const braced = typed(T0, 'tests', '{');
    [prev, s] = [s, state(braced, s.preview)];
    expect(sp.next(s, prev)).toBeUndefined();
    // And the next letter waits for it too.
    const after = typed(braced, 'code', 'x');
    [prev, s] = [s, state(after, s.preview)];
    expect(sp.next(s, prev)).toBeUndefined();
    // Its build comes: typing is shown ahead again (on a line without a brace).
    [prev, s] = [s, state(after, resultOf(after))];
    expect(sp.next(s, prev)).toBeUndefined();
    const more = typed(after, 'run', 's');
    [prev, s] = [s, state(more, s.preview)];
    expect(sp.next(s, prev)?.text).toBe(buildOf(more).text);
  });

  it('forgets what it showed when told (the preview covered)', () => {
    const sp = previewSpeculation();
    let prev = state(T0, null);
    let s = state(T0, resultOf(T0));
    sp.next(s, prev);
    sp.forget();
    const t1 = typed(T0, 'tests', 's');
    [prev, s] = [s, state(t1, s.preview)];
    expect(sp.next(s, prev)).toBeUndefined();
  });
});
