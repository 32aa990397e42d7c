import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { SystemPromptContextSchema, type SystemPromptContext } from '../shared/domain/context.js';
import { formatProblem } from '../shared/domain/problems.js';
import { loadWorkspace } from '../shared/engine/workspace/load-workspace.js';
import type { WorkspaceSnapshot } from '../shared/engine/workspace/workspace-snapshot.js';
import { describeYamlProblem, readYaml } from '../shared/yaml/bounded-yaml.js';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';
import { folderFileSource } from '../electron/host/folder-source.js';
import { UsageError } from './cli-io.js';

export interface LoadedWorkspace {
  dir: string;
  snapshot: WorkspaceSnapshot;
}

/** The workspace named by --workspace (relative to the cwd), else the built-in variants. */
export function openWorkspace(option: string | undefined, cwd: string): LoadedWorkspace {
  const dir = option ? path.resolve(cwd, option) : builtinWorkspaceDir();
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`workspace '${option}' is not a folder`);
  return { dir, snapshot: loadWorkspace(folderFileSource(dir)) };
}

/** The simulated context: a preset of the workspace, a JSON/YAML file, or the empty context. */
export function resolveContext(
  ws: LoadedWorkspace,
  preset: string | undefined,
  file: string | undefined,
  cwd: string,
): { context: SystemPromptContext; label: string } {
  if (preset && file) throw new UsageError('use either --preset or --context, not both');
  if (preset) {
    const found = ws.snapshot.presets.find((p) => p.name === preset);
    if (!found) {
      const broken = ws.snapshot.problems.find((p) => p.file === `contexts/${preset}.yaml`);
      if (broken) throw new UsageError(`preset '${preset}' does not load: ${formatProblem(broken)}`);
      throw new UsageError(`no preset '${preset}' (presets: ${ws.snapshot.presets.map((p) => p.name).join(', ') || 'none'})`);
    }
    return { context: found.context, label: preset };
  }
  if (file) return { context: readContextFile(file, cwd, SystemPromptContextSchema), label: file };
  return { context: SystemPromptContextSchema.parse({}), label: '(empty context)' };
}

/**
 * The context written in a JSON or YAML file (a bare context, or a preset file whose
 * `context` is used), validated with `schema`; a file that cannot be read, parsed or
 * validated is a UsageError naming it and the first problem.
 */
export function readContextFile<S extends z.ZodType>(file: string, cwd: string, schema: S): z.output<S> {
  const full = path.resolve(cwd, file);
  const yaml = /\.ya?ml$/i.test(full);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch {
    throw new UsageError(`cannot read context file '${file}'`);
  }
  let data: unknown;
  if (yaml) {
    const read = readYaml(text);
    if (!read.ok) throw new UsageError(`context file '${file}' is not valid YAML: ${describeYamlProblem(read)}`);
    data = read.value;
  } else {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new UsageError(
        `context file '${file}' is not valid JSON: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
      );
    }
  }
  const raw = data && typeof data === 'object' && 'context' in data ? (data as { context: unknown }).context : data;
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`context file '${file}': ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}
