/**
 * Workspaces and texts the benches generate (nothing large is committed): a copy of the
 * built-in workspace whose generic × basic prompt is about 200 KB, a workspace of 500
 * variants × 20 context presets, and a megabyte of prose to paste into a template. Every
 * text is deterministic (a fixed seed), so runs compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { readYaml } from '../shared/yaml/bounded-yaml.js';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';

/** A built-in YAML file, read through the one bounded parser (tests/yaml/one-yaml-parser.test.ts). */
function parse(text: string): unknown {
  const read = readYaml(text);
  if (!read.ok) throw new Error(`a built-in YAML file does not parse: ${read.message}`);
  return read.value;
}

const WORDS = (
  'the tool returns an error read message and retry with a smaller change when file is large ask user before ' +
  'you run command that deletes or moves files keep each step short explain what changed then wait for result ' +
  'prefer search over reading whole folders cite path line of every edit never guess contents test after'
).split(' ');

/** Lines of plain prose (no `{{`, no markup the engine treats specially), about `chars` characters in all. */
export function proseText(chars: number, seed = 1): string {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state >>> 8;
  };
  const lines: string[] = [];
  let total = 0;
  for (let n = 1; total < chars; n++) {
    const words: string[] = [];
    const count = 8 + (next() % 12);
    for (let i = 0; i < count; i++) words.push(WORDS[next() % WORDS.length]!);
    const line = n % 12 === 0 ? '' : `${n % 12 === 1 ? '## Step ' + n + '\n' : ''}${words.join(' ')}.`;
    lines.push(line);
    total += line.length + 1;
  }
  return lines.join('\n').slice(0, chars);
}

function copyBuiltin(dir: string, options: { snapshots: boolean }): void {
  const from = builtinWorkspaceDir();
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of fs.readdirSync(from)) {
    if (entry === 'snapshots' && !options.snapshots) continue;
    fs.cpSync(path.join(from, entry), path.join(dir, entry), { recursive: true });
  }
}

/**
 * A copy of the built-in workspace in `dir` whose generic template ends with prose, so that
 * generic × basic builds a prompt of about `promptKb` KB.
 */
export function bigPromptWorkspace(dir: string, promptKb = 200): string {
  copyBuiltin(dir, { snapshots: false });
  const template = path.join(dir, 'variants/generic/template.md');
  const builtinPromptChars = 42_000;
  const extra = proseText(Math.max(0, promptKb * 1024 - builtinPromptChars), 7);
  fs.writeFileSync(template, `${fs.readFileSync(template, 'utf8').trimEnd()}\n\n# Working notes\n\n${extra}\n`);
  return dir;
}

export const LARGE_VARIANTS = 500;
export const LARGE_PRESETS = 20;

/**
 * The built-in workspace grown to `variants` variants and `presets` Cline-style context
 * presets (the snapshot matrix then has variants × presets cells): the copies take the
 * built-in variants' files in turn, without their matchers (one variant claims a model), and
 * each template gets a line of its own; the presets are the basic one with another working
 * folder, mode and date.
 */
export function largeWorkspace(dir: string, variants = LARGE_VARIANTS, presets = LARGE_PRESETS): string {
  copyBuiltin(dir, { snapshots: false });
  const variantsDir = path.join(dir, 'variants');
  const sources = fs.readdirSync(variantsDir).sort();
  for (let i = sources.length; i < variants; i++) {
    const source = sources[i % sources.length]!;
    const id = `v${String(i).padStart(4, '0')}`;
    const target = path.join(variantsDir, id);
    fs.cpSync(path.join(variantsDir, source), target, { recursive: true });
    const yamlPath = path.join(target, 'variant.yaml');
    const doc = parse(fs.readFileSync(yamlPath, 'utf8')) as Record<string, unknown>;
    doc.id = id;
    delete doc.matcher;
    doc.description = `Copy ${i} of ${source}, generated for the benches.`;
    fs.writeFileSync(yamlPath, stringify(doc));
    const templateFile = typeof doc.template === 'string' ? doc.template : 'template.md';
    const templatePath = path.join(target, templateFile);
    if (fs.existsSync(templatePath)) fs.appendFileSync(templatePath, `\nThis is variant ${id}, made from ${source} for the benches.\n`);
  }
  const contexts = path.join(dir, 'contexts');
  const basic = parse(fs.readFileSync(path.join(contexts, 'basic.yaml'), 'utf8')) as { context: Record<string, unknown> };
  const have = fs.readdirSync(contexts).filter((f) => {
    const parsed = parse(fs.readFileSync(path.join(contexts, f), 'utf8')) as { kind?: string };
    return parsed.kind !== 'stack';
  }).length;
  for (let i = have; i < presets; i++) {
    const context = structuredClone(basic.context);
    context.cwd = `/home/user/project-${i}`;
    const info = context.providerInfo as { mode?: string } | undefined;
    if (info && i % 2 === 1) info.mode = 'plan';
    const name = `p${String(i).padStart(2, '0')}`;
    fs.writeFileSync(
      path.join(contexts, `${name}.yaml`),
      stringify({ description: `Generated preset ${i} (basic, another folder)`, context }),
    );
  }
  return dir;
}
