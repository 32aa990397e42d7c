import { describe, expect, it } from 'vitest';
import {
  appendSeqItem,
  deleteIn,
  getIn,
  moveSeqItem,
  renameKey,
  setIn,
  syncIn,
  YamlSourceError,
} from '../../shared/yaml-source/edit-yaml-source.js';
import { changedLines } from './changed-lines.js';

const FILE = `# yaml-language-server: $schema=../../schemas/variant.schema.json
id: generic
version: 1
description: >-
  A long description that a re-serialization would wrap differently, because it is longer than eighty characters.
tags: [fallback, full, xml-tools]
label: 'single quoted'
componentOrder:
  - AGENT_ROLE_SECTION # who the agent is
  # the tools come next
  - TOOL_USE_SECTION
  - RULES_SECTION
placeholders:
  GREETING: "hello" # keep me
  EMPTY:
componentOverrides: {}
`;

describe('YAML source edits change only their lines', () => {
  it('sets a scalar in place, keeping its quoting and comment', () => {
    const out = setIn(FILE, ['placeholders', 'GREETING'], 'hi there');
    expect(changedLines(FILE, out)).toEqual(['-  GREETING: "hello" # keep me', '+  GREETING: "hi there" # keep me']);
    const single = setIn(FILE, ['label'], "it's");
    expect(changedLines(FILE, single)).toEqual(["-label: 'single quoted'", "+label: 'it''s'"]);
    expect(setIn(FILE, ['version'], 1)).toBe(FILE);
  });

  it('adds a key at the end of its map, and a value to a key that had none', () => {
    const out = setIn(FILE, ['placeholders', 'NAME'], 'Ada');
    expect(changedLines(FILE, out)).toEqual(['+  NAME: Ada']);
    expect(out).toContain('  EMPTY:\n  NAME: Ada\ncomponentOverrides: {}\n');
    const filled = setIn(FILE, ['placeholders', 'EMPTY'], 'now set');
    expect(changedLines(FILE, filled)).toEqual(['-  EMPTY:', '+  EMPTY: now set']);
  });

  it('creates missing maps on the way, as block lines; an empty flow map becomes block lines', () => {
    const out = setIn(FILE, ['componentOverrides', 'RULES_SECTION', 'enabled'], false);
    expect(changedLines(FILE, out)).toEqual([
      '-componentOverrides: {}',
      '+componentOverrides:',
      '+  RULES_SECTION:',
      '+    enabled: false',
    ]);
    const top = setIn('id: x\n', ['placeholders', 'A'], '1');
    expect(top).toBe('id: x\nplaceholders:\n  A: "1"\n');
  });

  it('removes a key with its lines only', () => {
    const out = deleteIn(FILE, ['placeholders', 'GREETING']);
    expect(changedLines(FILE, out)).toEqual(['-  GREETING: "hello" # keep me']);
    expect(deleteIn(FILE, ['placeholders', 'NOPE'])).toBe(FILE);
    const flow = deleteIn(FILE, ['tags', 1]);
    expect(changedLines(FILE, flow)).toEqual(['-tags: [fallback, full, xml-tools]', '+tags: [fallback, xml-tools]']);
    expect(deleteIn('a: {x: 1, y: 2}\n', ['a', 'y'])).toBe('a: {x: 1}\n');
  });

  it('moves a list item: block items move as lines (with the comment above them), flow items in place', () => {
    const out = moveSeqItem(FILE, ['componentOrder'], 0, 2);
    expect(changedLines(FILE, out)).toEqual(
      [
        '-  - AGENT_ROLE_SECTION # who the agent is',
        '   # the tools come next',
        '   - TOOL_USE_SECTION',
        '   - RULES_SECTION',
        '+  - AGENT_ROLE_SECTION # who the agent is',
      ].filter((l) => l[0] !== ' '),
    );
    expect(out).toContain(
      'componentOrder:\n  # the tools come next\n  - TOOL_USE_SECTION\n  - RULES_SECTION\n  - AGENT_ROLE_SECTION # who the agent is\n',
    );
    const flow = moveSeqItem(FILE, ['tags'], 2, 0);
    expect(changedLines(FILE, flow)).toEqual(['-tags: [fallback, full, xml-tools]', '+tags: [xml-tools, fallback, full]']);
  });

  it('appends to a list in its own style', () => {
    expect(changedLines(FILE, appendSeqItem(FILE, ['tags'], 'new'))).toEqual([
      '-tags: [fallback, full, xml-tools]',
      '+tags: [fallback, full, xml-tools, new]',
    ]);
    expect(changedLines(FILE, appendSeqItem(FILE, ['componentOrder'], 'X_SECTION'))).toEqual(['+  - X_SECTION']);
    expect(appendSeqItem('a: []\n', ['a'], 'x')).toBe('a: [x]\n');
  });

  it('renames a key in place', () => {
    const out = renameKey(FILE, ['placeholders'], 'GREETING', 'WELCOME');
    expect(changedLines(FILE, out)).toEqual(['-  GREETING: "hello" # keep me', '+  WELCOME: "hello" # keep me']);
    expect(() => renameKey(FILE, ['placeholders'], 'GREETING', 'EMPTY')).toThrow(YamlSourceError);
  });

  it('writes multi-line values as block text at the right indentation', () => {
    const quoted = setIn(FILE, ['placeholders', 'GREETING'], 'line one\nline two');
    expect(changedLines(FILE, quoted)).toEqual(['-  GREETING: "hello" # keep me', '+  GREETING: "line one\\nline two" # keep me']);
    const empty = setIn(FILE, ['placeholders', 'EMPTY'], 'line one\nline two');
    expect(changedLines(FILE, empty)).toEqual(['-  EMPTY:', '+  EMPTY: |-', '+    line one', '+    line two']);
    expect(getIn(empty, ['placeholders', 'EMPTY'])).toBe('line one\nline two');
    const desc = setIn(FILE, ['description'], 'Short now.');
    expect(changedLines(FILE, desc)).toEqual([
      '-description: >-',
      '-  A long description that a re-serialization would wrap differently, because it is longer than eighty characters.',
      '+description: Short now.',
    ]);
    const folded = setIn(FILE, ['description'], 'Two\nlines.');
    expect(getIn(folded, ['description'])).toBe('Two\nlines.');
    expect(folded).toContain('description: >-\n  Two\n\n  lines.\ntags:');
  });

  it('refuses a broken file and keeps files without a final newline intact', () => {
    expect(() => setIn('a: [1, 2\n', ['a'], 1)).toThrow(YamlSourceError);
    expect(moveSeqItem('l:\n  - a\n  - b', ['l'], 0, 1)).toBe('l:\n  - b\n  - a');
    expect(setIn('a: 1', ['b'], 2)).toBe('a: 1\nb: 2\n');
  });
});

describe('syncIn: a data change as the fewest line changes', () => {
  const PRESET = `# a preset
description: Quiet
extends: basic
context:
  supportsBrowserUse: false # no browser
  editorTabs:
    open: [a.ts, b.ts]
  cwd: /home/user/project
`;
  it('sets the changed leaves, adds new keys and removes the ones that went', () => {
    const out = syncIn(PRESET, ['context'], {
      supportsBrowserUse: true,
      editorTabs: { open: ['a.ts', 'c.ts'] },
      ide: 'Zed',
    });
    expect(changedLines(PRESET, out)).toEqual([
      '-  supportsBrowserUse: false # no browser',
      '+  supportsBrowserUse: true # no browser',
      '-    open: [a.ts, b.ts]',
      '-  cwd: /home/user/project',
      '+    open: [a.ts, c.ts]',
      '+  ide: Zed',
    ]);
    expect(syncIn(PRESET, ['context'], getIn(PRESET, ['context']))).toBe(PRESET);
  });
});
