import { isMap, isScalar, isSeq, LineCounter, type Document } from 'yaml';
import { compileLinearRegex } from '../safe-regex/linear-regex.js';
import { parseYamlDocument, yamlDocumentValue } from '../yaml/bounded-yaml.js';
import type { z } from 'zod';
import { unreadMessage, type WorkspaceFileSource } from '../domain/file-source.js';
import type { FileProblem } from '../domain/problems.js';
import { unknownEnvironmentSlots } from './environment.js';
import { checkDiscoveryFields } from './check-discovery.js';
import { insideFolder, stripFinalNewline } from './profile-files.js';
import { loadHarnessProfile } from '../harness/profile/load.js';
import { formatProblem } from '../domain/problems.js';
import {
  DEFAULT_STACK_FLAGS,
  StackProfileFileSchema,
  type StackAgent,
  type StackProfile,
  type StackProfileFile,
  type StackText,
  type TextRef,
} from './profile.js';

/**
 * Loads profiles/<id>/profile.yaml and the prompt files it names from a workspace. Never
 * throws: every problem (YAML syntax, schema, missing files, broken references) comes back
 * as a FileProblem with the file, line and column of the YAML node at fault.
 */

export interface LoadStackProfileResult {
  profile?: StackProfile | undefined;
  problems: FileProblem[];
}

type PathSeg = string | number;

interface Located {
  line: number;
  column: number;
}

/** Position of the YAML node at `path` (or the nearest existing parent); `key` points at the key itself. */
function locate(doc: Document, lc: LineCounter, path: readonly PropertyKey[], key = false): Located | undefined {
  let node: unknown = doc.contents;
  let range: readonly number[] | undefined = (node as { range?: number[] } | null)?.range;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      const keyRange = isScalar(pair.key) ? pair.key.range : undefined;
      const valueRange = (pair.value as { range?: number[] } | null)?.range;
      range = (last && key) || !valueRange ? (keyRange ?? range) : valueRange;
      if (!valueRange) break;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)] as { range?: number[] } | undefined;
      if (!item?.range) break;
      range = item.range;
      node = item;
    } else {
      break;
    }
  }
  if (!range || range[0] === undefined) return undefined;
  const pos = lc.linePos(range[0]);
  return { line: pos.line, column: pos.col };
}

function dotted(path: readonly PropertyKey[]): string {
  return path.map((s) => String(s)).join('.');
}

function lineColumnIn(text: string, index: number): Located {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  const column = index - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}

export { stripFinalNewline };

/**
 * The ids of the stack profile folders (`profiles/<id>/`), in id order: `opencode` (the
 * release) comes before `opencode-seed`, so whatever takes the first profile takes the release.
 */
export function stackProfileIds(source: WorkspaceFileSource): string[] {
  return source
    .list('profiles')
    .filter((name) => name.endsWith('/'))
    .map((name) => name.slice(0, -1))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function loadStackProfile(source: WorkspaceFileSource, folder: string): LoadStackProfileResult {
  const dir = folder.replace(/\/+$/, '');
  const config = dir === '' ? 'profile.yaml' : `${dir}/profile.yaml`;
  const problems: FileProblem[] = [];

  let text: string | undefined;
  try {
    text = source.read(config);
  } catch (error) {
    problems.push({ file: config, severity: 'error', message: `cannot read: ${error instanceof Error ? error.message : String(error)}` });
    return { problems };
  }
  if (text === undefined) {
    problems.push({ file: config, severity: 'error', message: unreadMessage(source, config, 'profile.yaml not found') });
    return { problems };
  }

  const lc = new LineCounter();
  const read = parseYamlDocument(text, { lineCounter: lc });
  if (!read.ok) {
    const { line, column, message } = read.problem;
    problems.push({ file: config, line, column, severity: 'error', message });
    return { problems };
  }
  const doc = read.doc;
  for (const e of [...doc.errors, ...doc.warnings].slice(0, 20)) {
    const pos = e.linePos?.[0] ?? lc.linePos(e.pos[0]);
    problems.push({
      file: config,
      line: pos.line,
      column: pos.col,
      severity: e.name === 'YAMLParseError' ? 'error' : 'warning',
      message: e.message.split('\n')[0] ?? e.message,
    });
  }
  if (doc.errors.length > 0) return { problems };

  const at = (path: readonly PropertyKey[], severity: FileProblem['severity'], message: string, key = false): void => {
    const pos = locate(doc, lc, path, key);
    problems.push({ file: config, line: pos?.line, column: pos?.column, path: path.length ? dotted(path) : undefined, severity, message });
  };

  const data = yamlDocumentValue(doc);
  if (!data.ok) {
    problems.push({ file: config, line: 1, column: 1, severity: 'error', message: `YAML: ${data.message}` });
    return { problems };
  }
  const parsed = StackProfileFileSchema.safeParse(data.value ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) reportIssue(issue, at);
    return { problems };
  }
  const file: StackProfileFile = parsed.data;

  // Texts.
  const readText = (ref: TextRef, path: PathSeg[]): StackText | undefined => {
    if (typeof ref !== 'string') return { text: ref.text };
    const target = insideFolder(dir, ref);
    if (target === undefined) {
      at(path, 'error', `'${ref}' must be a relative path inside the profile folder`);
      return undefined;
    }
    let content: string | undefined;
    try {
      content = source.read(target);
    } catch {
      content = undefined;
    }
    if (content === undefined) {
      at(path, 'error', unreadMessage(source, target, `file not found: ${target}`));
      return undefined;
    }
    return { text: stripFinalNewline(content), file: target };
  };

  const folderName = dir.split('/').pop() ?? '';
  if (folderName !== '' && folderName !== file.id) {
    at(['id'], 'warning', `id '${file.id}' differs from the folder name '${folderName}'`);
  }

  const providerPrompts: Record<string, StackText> = {};
  for (const [key, ref] of Object.entries(file.providerPrompts)) {
    const t = readText(ref, ['providerPrompts', key]);
    if (t) providerPrompts[key] = t;
  }

  const seenRules = new Set<string>();
  const usedPrompts = new Set<string>();
  let catchAll: string | undefined;
  file.providerRules.forEach((rule, i) => {
    if (seenRules.has(rule.id)) at(['providerRules', i, 'id'], 'error', `duplicate rule id '${rule.id}'`);
    seenRules.add(rule.id);
    usedPrompts.add(rule.prompt);
    if (!(rule.prompt in file.providerPrompts)) {
      at(
        ['providerRules', i, 'prompt'],
        'error',
        `unknown provider prompt '${rule.prompt}' (known: ${Object.keys(file.providerPrompts).join(', ') || 'none'})`,
      );
    }
    for (const field of ['modelId', 'providerId'] as const) {
      rule[field]?.forEach((c, j) => {
        if (typeof c !== 'string' && c.regex !== undefined) {
          const compiled = compileLinearRegex(c.regex, { ignoreCase: c.ignoreCase });
          if (!compiled.ok)
            at(['providerRules', i, field, j, 'regex'], 'error', `the regex /${c.regex}/ is not accepted: ${compiled.reason}`);
        }
      });
    }
    if (catchAll !== undefined) {
      at(['providerRules', i], 'warning', `rule '${rule.id}' is never reached: rule '${catchAll}' before it matches every model`);
    } else if (rule.modelId === undefined && rule.providerId === undefined) {
      catchAll = rule.id;
    }
  });
  if (catchAll === undefined) {
    at(['providerRules'], 'warning', 'no catch-all rule: models that match no rule get no provider prompt', true);
  }
  for (const key of Object.keys(file.providerPrompts)) {
    if (!usedPrompts.has(key)) at(['providerPrompts', key], 'warning', `provider prompt '${key}' is used by no rule`, true);
  }

  const agents: Record<string, StackAgent> = {};
  for (const [name, agent] of Object.entries(file.agents)) {
    const prompt = agent.prompt === undefined ? undefined : readText(agent.prompt, ['agents', name, 'prompt']);
    const reminder = agent.reminder === undefined ? undefined : readText(agent.reminder, ['agents', name, 'reminder']);
    agents[name] = { name, description: agent.description, mode: agent.mode, prompt, reminder };
  }
  if (!(file.defaultAgent in file.agents)) {
    at(['defaultAgent'], 'error', `unknown agent '${file.defaultAgent}'`);
  }

  const switchReminders: StackProfile['switchReminders'] = [];
  file.switchReminders.forEach((s, i) => {
    for (const end of ['from', 'to'] as const) {
      if (!(s[end] in file.agents)) at(['switchReminders', i, end], 'error', `unknown agent '${s[end]}'`);
    }
    const t = readText(s.text, ['switchReminders', i, 'text']);
    if (t) switchReminders.push({ from: s.from, to: s.to, text: t });
  });

  const environment = readText(file.environment, ['environment']);
  if (environment) {
    for (const slot of unknownEnvironmentSlots(environment.text)) {
      const message = `unknown placeholder {{${slot}}} in the environment template (it stays as written)`;
      if (environment.file) {
        const pos = lineColumnIn(environment.text, environment.text.indexOf(`{{`, findSlot(environment.text, slot)));
        problems.push({ file: environment.file, line: pos.line, column: pos.column, severity: 'warning', message });
      } else {
        at(['environment'], 'warning', message);
      }
    }
  }

  // Instruction discovery: from the named harness profile, or inline.
  let discovery: StackDiscoveryFields | undefined;
  const inline = (['instructionFiles', 'localCompanions', 'globalFiles', 'flags'] as const).filter((k) => file[k] !== undefined);
  if (file.harness !== undefined) {
    for (const key of inline) at([key], 'error', `${key} comes from the harness profile '${file.harness}': remove it here`, true);
    const harness = loadHarnessProfile(source, `harnesses/${file.harness}`);
    const firstError = harness.problems.find((p) => p.severity === 'error');
    if (!harness.profile) {
      at(['harness'], 'error', `harness profile '${file.harness}' did not load${firstError ? `: ${formatProblem(firstError)}` : ''}`);
    } else if (harness.profile.loader !== 'opencode') {
      at(
        ['harness'],
        'error',
        `harness profile '${file.harness}' describes ${harness.profile.name} (${harness.profile.loader}); a stack needs an opencode profile`,
      );
    } else {
      const h = harness.profile;
      discovery = {
        harness: h.id,
        instructionFiles: h.instructionFiles,
        localCompanions: h.localCompanions,
        globalFiles: h.globalFiles,
        flags: h.flags,
        instructions: [...h.instructions, ...file.instructions],
        blockOrder: h.blockOrder,
        relativeInstructions: h.relativeInstructions,
        instructionBlock: h.block,
        harnessExtras: {
          gitCheck: h.gitCheck,
          outsideRepository: h.outsideRepository,
          configFolder: h.configFolder,
          rules: h.rules,
          substitution: h.substitution,
          mcpBlock: h.mcpBlock,
          skills: h.skills,
        },
      };
    }
  } else if (file.instructionFiles === undefined) {
    at(['instructionFiles'], 'error', 'name a harness profile (harness: <id>) or list the instructionFiles', true);
  } else {
    discovery = {
      instructionFiles: file.instructionFiles,
      localCompanions: file.localCompanions ?? false,
      globalFiles: file.globalFiles ?? [],
      flags: file.flags ?? { ...DEFAULT_STACK_FLAGS },
      instructions: file.instructions,
    };
    for (const problem of checkDiscoveryFields(discovery)) at(problem.path, 'error', problem.message);
  }

  if (problems.some((p) => p.severity === 'error')) return { problems };
  if (!environment || !discovery) return { problems };

  const profile: StackProfile = {
    id: file.id,
    name: file.name ?? file.id,
    description: file.description,
    defaultAgent: file.defaultAgent,
    providerPrompts,
    providerRules: file.providerRules,
    agents,
    switchReminders,
    environment,
    ...discovery,
    files: { folder: dir, config },
  };
  return { profile, problems };
}

/** The discovery part of a stack profile. */
type StackDiscoveryFields = Pick<
  StackProfile,
  | 'harness'
  | 'instructionFiles'
  | 'localCompanions'
  | 'globalFiles'
  | 'flags'
  | 'instructions'
  | 'blockOrder'
  | 'relativeInstructions'
  | 'instructionBlock'
  | 'harnessExtras'
>;

function findSlot(text: string, slot: string): number {
  const re = /\{\{\s*([^}]*?)\s*\}\}/g;
  for (const m of text.matchAll(re)) if ((m[1] ?? '') === slot) return m.index;
  return 0;
}

function reportIssue(
  issue: z.core.$ZodIssue,
  at: (path: readonly PropertyKey[], severity: FileProblem['severity'], message: string, key?: boolean) => void,
): void {
  if (issue.code === 'unrecognized_keys') {
    for (const key of issue.keys) at([...issue.path, key], 'error', `unknown field '${key}'`, true);
    return;
  }
  at(issue.path, 'error', issue.message);
}
