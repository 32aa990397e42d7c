import { describe, expect, it } from 'vitest';
import { fuzzyScore, matchScore, shortcutOf } from '../ui/commands';
import { COMMANDS, commandForShortcut } from './commands';

const key = (k: string, code: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('commands and shortcuts', () => {
  it('names key events independent of layout and Cmd/Ctrl', () => {
    expect(shortcutOf(key('s', 'KeyS', { ctrlKey: true }))).toBe('Ctrl+S');
    expect(shortcutOf(key('D', 'KeyD', { metaKey: true, shiftKey: true }))).toBe('Ctrl+Shift+D');
    expect(shortcutOf(key('PageDown', 'PageDown', { ctrlKey: true }))).toBe('Ctrl+PageDown');
    expect(shortcutOf(key('ß', 'KeyS', { ctrlKey: true, altKey: true }))).toBe('Ctrl+Alt+S');
  });

  it('has a shortcut for every frequent action, each bound once', () => {
    for (const id of ['save', 'saveAll', 'undo', 'redo', 'nextTab', 'prevTab', 'toggleDiff', 'focusPreview', 'switchPreset', 'palette']) {
      const c = COMMANDS.find((x) => x.id === id);
      expect(c?.keys, id).toBeTruthy();
      expect(commandForShortcut(c!.keys!)!.id).toBe(id);
    }
    const keys = COMMANDS.flatMap((c) => (c.keys ? [c.keys] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('matches subsequences and prefers word starts', () => {
    expect(fuzzyScore('tgd', 'Toggle diff')).toBeGreaterThan(0);
    expect(fuzzyScore('xyz', 'Toggle diff')).toBe(0);
    expect(fuzzyScore('diff', 'Toggle diff')).toBeGreaterThan(fuzzyScore('diff', 'Redo if forced'));
  });

  it('quick open finds multi-word and partial queries in the path or the title', () => {
    const entries = [
      ['variants/gpt-5/template.md', 'gpt-5 · template.md'],
      ['variants/gpt-5/variant.yaml', 'gpt-5 · variant.yaml'],
      ['variants/xs/template.md', 'xs · template.md'],
      ['contexts/basic.yaml', 'basic (context)'],
    ];
    const found = (q: string) =>
      entries
        .map((e) => ({ path: e[0]!, score: matchScore(q, e) }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .map((x) => x.path);
    expect(found('gpt-5 templ')).toEqual(['variants/gpt-5/template.md']);
    expect(found('xs · template')[0]).toBe('variants/xs/template.md');
    expect(found('templ gpt')[0]).toBe('variants/gpt-5/template.md');
    expect(found('basic context')).toEqual(['contexts/basic.yaml']);
    expect(found('gpt-5 nothing-like-this')).toEqual([]);
  });
});
