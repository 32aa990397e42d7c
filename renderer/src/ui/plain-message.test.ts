import { describe, expect, it } from 'vitest';
import { plainMessage } from './plain-message';

describe('messages in plain words', () => {
  it('drops channel names and reads as a sentence', () => {
    expect(plainMessage("workspace:openFolder: there is no folder at '/nope'")).toBe("There is no folder at '/nope'.");
    expect(plainMessage('the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to save')).toBe(
      'The built-in variants are read-only: copy them into a workspace of your own to save.',
    );
    expect(
      plainMessage("'/p' is not inside a folder chosen for real instruction files: choose the working folder first (stack:grantFolder)"),
    ).toBe("'/p' is not inside a folder chosen for real instruction files: choose the working folder first.");
    expect(plainMessage('doc:save: Disk full!')).toBe('Disk full!');
    expect(plainMessage('workspace:copyTo:')).toBe('Something went wrong.');
  });
});
