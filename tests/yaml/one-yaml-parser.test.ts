import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18, items 1–3: every YAML text the app reads goes through shared/yaml/bounded-yaml.ts
 * (limits measured first, linear duplicate-key check, bounded alias expansion). A new reader
 * calling the yaml package's parse functions directly would bring back the crash, the abort
 * and the two-minute freeze, as the run feature's test files did: this lists every such call.
 */

const ROOTS = ['shared', 'electron', 'cli', 'renderer/src', 'bench'];
const ALLOWED = new Set(['shared/yaml/bounded-yaml.ts']);
const PARSERS = new Set(['parse', 'parseDocument', 'parseAllDocuments']);

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) sources(rel, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The yaml package's parse functions a source file imports (`import { parse as x } from 'yaml'` too). */
function yamlParsersImported(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]yaml['"]/g))
    for (const name of m[1]!.split(',')) {
      const imported = name
        .trim()
        .split(/\s+as\s+/)[0]!
        .replace(/^type\s+/, '');
      if (PARSERS.has(imported)) found.push(imported);
    }
  if (/import\s+(?:\*\s+as\s+\w+|\w+)\s*(?:,\s*\{[^}]*\})?\s*from\s*['"]yaml['"]/.test(text)) found.push('(whole module)');
  return found;
}

describe('the one YAML parser', () => {
  it('no source file but bounded-yaml.ts imports the yaml package parse functions', () => {
    const offenders: string[] = [];
    for (const root of ROOTS)
      for (const file of sources(root)) {
        if (ALLOWED.has(file)) continue;
        const names = yamlParsersImported(fs.readFileSync(file, 'utf8'));
        if (names.length > 0) offenders.push(`${file}: ${names.join(', ')}`);
      }
    expect(offenders).toEqual([]);
  });

  it('recognises the import forms it looks for', () => {
    expect(yamlParsersImported(`import { parse as parseYaml, stringify } from 'yaml';`)).toEqual(['parse']);
    expect(yamlParsersImported(`import {\n  isMap,\n  parseDocument,\n} from "yaml";`)).toEqual(['parseDocument']);
    expect(yamlParsersImported(`import YAML from 'yaml';`)).toEqual(['(whole module)']);
    expect(yamlParsersImported(`import { stringify, isMap } from 'yaml';`)).toEqual([]);
  });
});
