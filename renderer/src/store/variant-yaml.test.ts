import { describe, expect, it } from 'vitest';
import { changedLines } from '../../../tests/yaml-source/changed-lines';
import {
  keyUsages,
  moveComponent,
  readVariantYaml,
  removePlaceholder,
  renamePlaceholder,
  renameTemplateKey,
  reorderTemplateSlots,
  setComponentEnabled,
  setPlaceholder,
  VariantYamlError,
} from './variant-yaml';
import GENERIC from '../../../variants/variants/generic/variant.yaml?raw';

const YAML = `# The generic variant
id: generic
family: generic
version: 1
description: Works for most models
componentOrder:
  - AGENT_ROLE_SECTION # who the agent is
  - TOOL_USE_SECTION
  - RULES_SECTION
placeholders:
  GREETING: hello # keep me
tools: [read_file]
`;

/** The built-in generic variant.yaml as shipped: a folded description, a flow list of tags, comments. */

describe('structured edits change only the lines they are about (exact diffs)', () => {
  it('a reorder moves one line of componentOrder', () => {
    const out = moveComponent(GENERIC, 1, 3);
    expect(changedLines(GENERIC, out)).toEqual(['-  - TOOL_USE_SECTION', '+  - TOOL_USE_SECTION']);
    expect(out.split('\n').slice(12, 17)).toEqual([
      '  - AGENT_ROLE_SECTION',
      '  - TASK_PROGRESS_SECTION',
      '  - MCP_SECTION',
      '  - TOOL_USE_SECTION',
      '  - EDITING_FILES_SECTION',
    ]);
    // The rest, folded description and flow tags included, is byte for byte the same.
    expect(out.replace('  - TOOL_USE_SECTION\n', '')).toBe(GENERIC.replace('  - TOOL_USE_SECTION\n', ''));
  });

  it('disabling adds componentOverrides lines; enabling again gives back the file as it was', () => {
    const off = setComponentEnabled(GENERIC, 'RULES_SECTION', false);
    expect(changedLines(GENERIC, off)).toEqual(['+componentOverrides:', '+  RULES_SECTION:', '+    enabled: false']);
    expect(readVariantYaml(off).value!.overrides.RULES_SECTION).toEqual({ enabled: false, hasTemplate: false });
    const offToo = setComponentEnabled(off, 'MCP_SECTION', false);
    expect(changedLines(off, offToo)).toEqual(['+  MCP_SECTION:', '+    enabled: false']);
    expect(setComponentEnabled(setComponentEnabled(offToo, 'MCP_SECTION', true), 'RULES_SECTION', true)).toBe(GENERIC);
  });

  it('placeholders: add, change, rename and remove are one line each', () => {
    const added = setPlaceholder(GENERIC, 'NAME', 'Ada');
    expect(changedLines(GENERIC, added)).toEqual(['+placeholders:', '+  NAME: Ada']);
    const two = setPlaceholder(added, 'TEAM', 'core');
    expect(changedLines(added, two)).toEqual(['+  TEAM: core']);
    const changed = setPlaceholder(two, 'NAME', 'Grace Hopper');
    expect(changedLines(two, changed)).toEqual(['-  NAME: Ada', '+  NAME: Grace Hopper']);
    const renamed = renamePlaceholder(changed, 'NAME', 'USER_NAME');
    expect(changedLines(changed, renamed)).toEqual(['-  NAME: Grace Hopper', '+  USER_NAME: Grace Hopper']);
    const removed = removePlaceholder(renamed, 'TEAM');
    expect(changedLines(renamed, removed)).toEqual(['-  TEAM: core']);
    expect(readVariantYaml(removed).value!.placeholders).toEqual({ USER_NAME: 'Grace Hopper' });
  });
});

describe('variant.yaml structured edits', () => {
  it('moves a component and keeps comments and flow style elsewhere', () => {
    const out = moveComponent(YAML, 0, 2);
    expect(readVariantYaml(out).value!.componentOrder).toEqual(['TOOL_USE_SECTION', 'RULES_SECTION', 'AGENT_ROLE_SECTION']);
    expect(out).toContain('# The generic variant');
    expect(out).toContain('AGENT_ROLE_SECTION # who the agent is');
    expect(out).toContain('tools: [read_file]');
  });

  it('disables and re-enables a component through componentOverrides', () => {
    const off = setComponentEnabled(YAML, 'RULES_SECTION', false);
    expect(readVariantYaml(off).value!.overrides.RULES_SECTION).toEqual({ enabled: false, hasTemplate: false });
    const on = setComponentEnabled(off, 'RULES_SECTION', true);
    expect(readVariantYaml(on).value!.overrides).toEqual({});
    expect(on).toBe(YAML);
  });

  it('adds, edits, renames and removes placeholders', () => {
    let t = setPlaceholder(YAML, 'NAME', 'Ada');
    expect(readVariantYaml(t).value!.placeholders).toEqual({ GREETING: 'hello', NAME: 'Ada' });
    t = setPlaceholder(t, 'GREETING', 'hi');
    expect(t).toContain('GREETING: hi # keep me');
    t = renamePlaceholder(t, 'NAME', 'USER_NAME');
    expect(readVariantYaml(t).value!.placeholders).toEqual({ GREETING: 'hi', USER_NAME: 'Ada' });
    expect(() => renamePlaceholder(t, 'USER_NAME', 'GREETING')).toThrow(VariantYamlError);
    t = removePlaceholder(t, 'GREETING');
    expect(readVariantYaml(t).value!.placeholders).toEqual({ USER_NAME: 'Ada' });
  });

  it('creates the placeholders map when there is none, and refuses bad names', () => {
    const bare = 'id: x\ncomponentOrder: []\n';
    expect(readVariantYaml(setPlaceholder(bare, 'A', '1')).value!.placeholders).toEqual({ A: '1' });
    expect(() => setPlaceholder(bare, 'has space', '1')).toThrow(/not a placeholder name/);
  });

  it('reports a broken file instead of editing it', () => {
    const broken = 'id: x\ncomponentOrder: [a, b\n';
    expect(readVariantYaml(broken).error).toMatch(/cannot be read/);
    expect(() => moveComponent(broken, 0, 1)).toThrow(VariantYamlError);
  });

  it('renames template slots and finds usages by line', () => {
    const tpl = 'A {{ NAME }}\nB\n{{NAME}} and {{NAMES}}';
    expect(renameTemplateKey(tpl, 'NAME', 'WHO')).toBe('A {{WHO}}\nB\n{{WHO}} and {{NAMES}}');
    expect(keyUsages(tpl, 'NAME')).toEqual([1, 3]);
  });
});

describe('template slots follow the component order', () => {
  it('swaps slot tokens and leaves the text between them in place', () => {
    const tpl = '{{A}}\n\n====\n\n{{ B }}\n\nText {{X}}\n\n====\n\n{{C}}';
    expect(reorderTemplateSlots(tpl, ['B', 'A', 'C'])).toBe('{{ B }}\n\n====\n\n{{A}}\n\nText {{X}}\n\n====\n\n{{C}}');
    expect(reorderTemplateSlots(tpl, ['C', 'A', 'B'])).toBe('{{C}}\n\n====\n\n{{A}}\n\nText {{X}}\n\n====\n\n{{ B }}');
  });
  it('returns the same text when the slots already follow the order', () => {
    const tpl = '{{A}} {{B}}';
    expect(reorderTemplateSlots(tpl, ['A', 'Z', 'B'])).toBe(tpl);
  });
});
