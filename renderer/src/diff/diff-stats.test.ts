import { describe, expect, it } from 'vitest';
import { changedText, countLines } from './diff-stats';

describe('diff stats', () => {
  const changes = [
    { originalStartLineNumber: 2, originalEndLineNumber: 3, modifiedStartLineNumber: 2, modifiedEndLineNumber: 2 },
    { originalStartLineNumber: 5, originalEndLineNumber: 0, modifiedStartLineNumber: 5, modifiedEndLineNumber: 7 },
  ];
  it('counts added and removed lines, pure insertions included', () => {
    expect(countLines(changes)).toEqual({ added: 4, removed: 2 });
    expect(countLines([])).toEqual({ added: 0, removed: 0 });
  });
  it('collects the changed lines of each side', () => {
    const orig = ['', 'o1', 'o2', 'o3', 'o4', 'o5'];
    const mod = ['', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
    expect(
      changedText(
        changes,
        (l) => orig[l]!,
        (l) => mod[l]!,
      ),
    ).toEqual({ added: 'm2\nm5\nm6\nm7', removed: 'o2\no3' });
  });
});
