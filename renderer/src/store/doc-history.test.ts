import { describe, expect, it } from 'vitest';
import { createDocHistory, GROUP_MS } from './doc-history';

describe('doc history', () => {
  it('groups a burst of typing into one step and keeps structured edits apart', () => {
    let now = 1000;
    const h = createDocHistory('a', () => now);
    h.record('ab', 'typing');
    now += 50;
    h.record('abc', 'typing');
    now += 50;
    h.record('abc\n- X', 'structured');
    now += 10;
    h.record('abc\n- Xy', 'typing');
    expect(h.undo()).toBe('abc\n- X');
    expect(h.undo()).toBe('abc');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBeUndefined();
    expect(h.redo()).toBe('abc');
    expect(h.redo()).toBe('abc\n- X');
  });

  it('starts a new step after a pause in typing', () => {
    let now = 0;
    const h = createDocHistory('', () => now);
    h.record('a', 'typing');
    now += GROUP_MS + 1;
    h.record('ab', 'typing');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBe('');
  });

  it('a new edit after undo drops the redo branch; reset clears everything', () => {
    let now = 0;
    const h = createDocHistory('x', () => now);
    h.record('xy', 'structured');
    h.undo();
    now += 10;
    h.record('xz', 'typing');
    expect(h.canRedo()).toBe(false);
    h.reset('fresh');
    expect(h.text()).toBe('fresh');
    expect(h.canUndo()).toBe(false);
  });
});
