import { describe, expect, it } from 'vitest';
import { parseYamlDocument, readYaml, yamlField } from '../../shared/yaml/bounded-yaml.js';
import { measureYaml } from '../../shared/yaml/measure-yaml.js';
import { YAML_LIMITS } from '../../shared/yaml/yaml-limits.js';
import { ALIAS_BOMB, DEEP_DASHES, DEEP_FLOW, DEEP_FLOW_MAPS, deepBlocks, duplicateKeys, hugeScalar, wideMap } from './hostile-yaml.js';

const tooDeep = 'collections are nested more than 64 deep; the file is not read';

describe('bounded YAML: every hostile family is a problem, never a throw', () => {
  it('an alias bomb is refused when its value is built', () => {
    expect(readYaml(ALIAS_BOMB)).toEqual({
      ok: false,
      message: 'Excessive alias count indicates a resource exhaustion attack',
      line: 1,
      column: 1,
    });
  });

  it('deep flow sequences and maps are refused before the parser sees them', () => {
    expect(readYaml(DEEP_FLOW)).toEqual({ ok: false, message: tooDeep, line: 1, column: 64 });
    expect(readYaml(DEEP_FLOW_MAPS)).toEqual({ ok: false, message: tooDeep, line: 1, column: 253 });
  });

  it('deep block nesting, by indentation or by compact dashes, is refused', () => {
    expect(readYaml(DEEP_DASHES)).toEqual({ ok: false, message: tooDeep, line: 1, column: 129 });
    expect(readYaml(deepBlocks(200))).toEqual({ ok: false, message: tooDeep, line: 44, column: 129 });
  });

  it('nesting within the limit reads', () => {
    const nested = readYaml(`${'['.repeat(60)}1${']'.repeat(60)}`);
    expect(nested.ok).toBe(true);
    expect(JSON.stringify(nested.ok && nested.value)).toBe(`${'['.repeat(60)}1${']'.repeat(60)}`);
    expect(readYaml(deepBlocks(12)).ok).toBe(true);
  });

  it('a map of 40,000 keys (0.9 MB) is refused by its size, 20,000 keys by their count; 2,000 keys read', () => {
    expect(readYaml(wideMap(40_000))).toEqual({
      ok: false,
      message: 'the file is 877 KB; YAML files over 512 KB are not read',
      line: 1,
      column: 1,
    });
    expect(readYaml(wideMap(20_000))).toEqual({
      ok: false,
      message: 'the file has more than 5,000 YAML values (keys, items, scalars); it is not read',
      line: 2501,
      column: 1,
    });
    const read = readYaml(wideMap(2000));
    expect(read.ok && Object.keys(read.value as object).length).toBe(2000);
  });

  it('duplicate keys are found (one set per map), at the repeated key', () => {
    expect(readYaml(duplicateKeys(2000))).toEqual({ ok: false, message: 'Map keys must be unique', line: 2001, column: 1 });
    expect(readYaml('a: {x: 1, y: 2, x: 3}\n')).toEqual({ ok: false, message: 'Map keys must be unique', line: 1, column: 17 });
    expect(readYaml('- a: 1\n  a: 2\n')).toEqual({ ok: false, message: 'Map keys must be unique', line: 2, column: 3 });
  });

  it('a text over the size limit is refused with its size', () => {
    expect(readYaml(hugeScalar(2 * 1024 * 1024))).toEqual({
      ok: false,
      message: 'the file is 2.0 MB; YAML files over 512 KB are not read',
      line: 1,
      column: 1,
    });
    const big = readYaml(hugeScalar(500_000));
    expect(big.ok && (big.value as { text: string }).text.length).toBe(500_000);
  });

  it('too many tokens or aliases are refused', () => {
    expect(readYaml('#\n'.repeat(40_000))).toEqual({
      ok: false,
      message: 'the file has more than 30,000 YAML tokens; it is not read',
      line: 15001,
      column: 1,
    });
    expect(readYaml(`a: &a 1\nb: [${'*a, '.repeat(1001)}]\n`)).toEqual({
      ok: false,
      message: 'the file has more than 1,000 aliases; it is not read',
      line: 2,
      column: 4005,
    });
  });

  it('brackets inside strings, comments and block scalars are not structure', () => {
    const text = `a: "${'['.repeat(500)}"\nb: '${'{'.repeat(500)}'\n# ${'['.repeat(500)}\nc: |\n  ${'['.repeat(500)}\n`;
    expect(measureYaml(text, YAML_LIMITS)).toBeUndefined();
    expect(readYaml(text).ok).toBe(true);
  });

  it('keeps to YAML 1.2 core: a %YAML 1.1 directive does not merge keys', () => {
    expect(readYaml('%YAML 1.1\n---\nx: &x {a: 1}\ny:\n  <<: *x\n')).toEqual({ ok: true, value: { x: { a: 1 }, y: { '<<': { a: 1 } } } });
  });

  it('more than one document is an error', () => {
    expect(readYaml('a: 1\n---\nb: 2\n')).toEqual({ ok: false, message: 'the file holds more than one YAML document', line: 2, column: 1 });
  });

  it('syntax errors stay in the document, with positions', () => {
    const parsed = parseYamlDocument('a: [1, 2\nb: 3\n');
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.doc.errors.map((e) => [e.code, e.pos[0]])).toEqual([['BAD_INDENT', 9]]);
  });

  it('yamlField reads one top-level field, undefined for anything unreadable', () => {
    expect(yamlField('template: base.md\n', 'template')).toBe('base.md');
    expect(yamlField(ALIAS_BOMB, 'a')).toBeUndefined();
    expect(yamlField(DEEP_FLOW, 'a')).toBeUndefined();
    expect(yamlField('- a\n', 'a')).toBeUndefined();
  });
});
