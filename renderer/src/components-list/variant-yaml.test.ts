import { describe, expect, it } from 'vitest';
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

describe('variant.yaml structured edits', () => {
  it('moves a component and keeps comments and flow style elsewhere', () => {
    const out = moveComponent(YAML, 0, 2);
    expect(readVariantYaml(out).value!.componentOrder).toEqual(['TOOL_USE_SECTION', 'RULES_SECTION', 'AGENT_ROLE_SECTION']);
    expect(out).toContain('# The generic variant');
    expect(out).toContain('AGENT_ROLE_SECTION # who the agent is');
    expect(out).toContain('tools: [ read_file ]');
  });

  it('disables and re-enables a component through componentOverrides', () => {
    const off = setComponentEnabled(YAML, 'RULES_SECTION', false);
    expect(readVariantYaml(off).value!.overrides.RULES_SECTION).toEqual({ enabled: false, hasTemplate: false });
    const on = setComponentEnabled(off, 'RULES_SECTION', true);
    expect(readVariantYaml(on).value!.overrides).toEqual({});
    expect(on).not.toContain('componentOverrides');
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
