import { memoryFileSource } from '../domain/file-source.js';
import type { FileProblem } from '../domain/problems.js';
import { loadWorkspace } from '../engine/workspace/load-workspace.js';
import { loadStackProfile } from '../stack/load-profile.js';
import { isRenderedPath, itemOfPath } from './bundle-layout.js';
import { BundleRejected } from './rejection.js';

/**
 * The workspace files of a bundle must load on their own, as the workspace loader reads
 * them: valid YAML, valid variants, tools, presets and profiles. The first error is the
 * reason the bundle is refused (it names the file, line and column).
 */

/** Checks that every entry is a workspace file or a rendered prompt. */
export function checkBundleLayout(paths: Iterable<string>): void {
  for (const path of paths) {
    if (isRenderedPath(path) || itemOfPath(path) !== undefined) continue;
    throw new BundleRejected(
      path,
      'is not a workspace file (workspace.yaml, models.yaml, variants/<id>/…, components/<ID>.md, tools/<id>.yaml, contexts/<name>.yaml, profiles/<id>/…) or a rendered prompt (rendered/…)',
    );
  }
}

/** The error problems of the bundle's workspace files loaded on their own. */
export function bundleLoadProblems(files: ReadonlyMap<string, string>): FileProblem[] {
  const workspaceFiles: Record<string, string> = {};
  for (const [path, text] of files) if (!isRenderedPath(path)) workspaceFiles[path] = text;
  const source = memoryFileSource(workspaceFiles);
  const snapshot = loadWorkspace(source);
  const problems = snapshot.problems.filter((p) => p.severity === 'error');
  // loadWorkspace loads profiles too; a profile folder without profile.yaml is not seen there.
  for (const name of source.list('profiles')) {
    if (!name.endsWith('/')) continue;
    const folder = `profiles/${name.slice(0, -1)}`;
    if (source.read(`${folder}/profile.yaml`) === undefined)
      problems.push(...loadStackProfile(source, folder).problems.filter((p) => p.severity === 'error'));
  }
  return problems;
}

/** Refuses a bundle whose workspace files do not load. */
export function checkBundleLoads(files: ReadonlyMap<string, string>): void {
  const first = bundleLoadProblems(files)[0];
  if (!first) return;
  const where = first.line !== undefined ? `line ${first.line}${first.column !== undefined ? `, column ${first.column}` : ''}: ` : '';
  throw new BundleRejected(first.file, `does not load: ${where}${first.message}${first.path ? ` (at ${first.path})` : ''}`);
}
