import { fsErrorCode, type InstructionFs } from '../../stack/instruction-fs.js';
import { isAbsolutePath, isInsideOrEqual, joinPath, normalizePath, parentOf } from '../../stack/path.js';
import type { GeminiProfile } from '../profile/gemini.js';
import type { HarnessFileReport } from '../result.js';
import { fillSlots } from '../text/fill.js';
import { geminiImportTokens } from '../text/import-tokens.js';
import { decodeUtf8Lossy } from '../text/utf8-lossy.js';
import { probe, realPathOf } from '../run/read.js';

/**
 * Gemini CLI's `@` imports (gemini-cli.md rules 9-13), tree and flat format. Imports must stay
 * inside the allowed area (the top-level file's marker root, else its folder), compared by
 * real paths; URLs are refused.
 */

export interface ImportContext {
  fs: InstructionFs;
  profile: GeminiProfile;
  /** The allowed area, a real path. */
  root: string;
  /** Reports for the imported files (the caller adds them to the run). */
  reports: HarnessFileReport[];
  group: string;
}

type Problem = NonNullable<HarnessFileReport['importProblem']>;
type Resolved = { ok: true; path: string; real: string; text: string } | { ok: false; message: string; problem: Problem };

const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

const NODE_TEXT: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many symbolic links encountered',
};

async function resolveImport(ctx: ImportContext, written: string, fromDir: string): Promise<Resolved> {
  const { fs, profile } = ctx;
  if (URL.test(written))
    return {
      ok: false,
      message: fillSlots(profile.imports.failed, { path: written, error: profile.imports.urlError }),
      problem: 'refused',
    };
  const path = isAbsolutePath(written) ? normalizePath(written) : joinPath(fromDir, written);
  const real = (await realPathOf(fs, path)) ?? path;
  if (!isInsideOrEqual(real, ctx.root))
    return { ok: false, message: fillSlots(profile.imports.traversal, { path: written }), problem: 'outside' };
  const st = await probe(fs, path);
  const fail = (code: string, op: string): Resolved => ({
    ok: false,
    message: fillSlots(profile.imports.failed, {
      path: written,
      error: `${code}: ${NODE_TEXT[code] ?? code.toLowerCase()}, ${op} '${path}'`,
    }),
    problem: code === 'ENOENT' ? 'missing' : 'unreadable',
  });
  if (st.kind === 'missing') return fail('ENOENT', 'access');
  if (st.kind === 'error') return fail(st.reason.split(':')[0] ?? 'EIO', 'access');
  if (st.kind === 'directory')
    return {
      ok: false,
      message: fillSlots(profile.imports.failed, { path: written, error: 'EISDIR: illegal operation on a directory, read' }),
      problem: 'unreadable',
    };
  try {
    const bytes = await fs.readFile(path);
    return { ok: true, path, real, text: decodeUtf8Lossy(bytes) };
  } catch (error) {
    return fail(fsErrorCode(error), 'open');
  }
}

/** Tree format: each `@P` replaced in place, recursively, up to the depth limit. */
export async function expandTree(
  ctx: ImportContext,
  content: string,
  dir: string,
  importer: string,
  depth: number,
  chain: ReadonlySet<string>,
): Promise<string> {
  const tokens = geminiImportTokens(content);
  if (depth >= ctx.profile.importMaxDepth) {
    for (const tok of tokens)
      ctx.reports.push({
        path: tok.path,
        group: ctx.group,
        status: 'skipped',
        reason: `imported at depth ${depth}: its own imports stay as written`,
        importedBy: importer,
        importProblem: 'depth',
      });
    return content;
  }
  if (tokens.length === 0) return content;
  let out = '';
  let last = 0;
  for (const tok of tokens) {
    out += content.slice(last, tok.start);
    last = tok.end;
    const r = await resolveImport(ctx, tok.path, dir);
    if (!r.ok) {
      out += r.message;
      ctx.reports.push({
        path: tok.path,
        group: ctx.group,
        status: 'skipped',
        reason: `import failed: ${r.message}`,
        importedBy: importer,
        importProblem: r.problem,
      });
      continue;
    }
    if (chain.has(r.real)) {
      out += fillSlots(ctx.profile.imports.alreadyProcessed, { path: tok.path });
      ctx.reports.push({
        path: r.path,
        group: ctx.group,
        status: 'skipped',
        reason: 'already in this import chain (a cycle)',
        importedBy: importer,
        importProblem: 'cycle',
      });
      continue;
    }
    const report: HarnessFileReport = {
      path: r.path,
      group: ctx.group,
      status: 'loaded',
      reason: `imported by ${importer} (depth ${depth + 1})`,
      importedBy: importer,
      text: r.text,
    };
    ctx.reports.push(report);
    const inner = await expandTree(ctx, r.text, parentOf(r.path), r.path, depth + 1, new Set([...chain, r.real]));
    out += fillSlots(ctx.profile.imports.imported, { path: tok.path, content: inner });
  }
  return out + content.slice(last);
}

/** Flat format: the file (raw, named by its folder), then every imported file once, depth-first, imports in reverse order. */
export async function expandFlat(ctx: ImportContext, content: string, path: string, real: string): Promise<string> {
  const entries: { path: string; content: string }[] = [{ path: parentOf(path), content }];
  const seen = new Set<string>([real]);
  const visit = async (text: string, dir: string, importer: string): Promise<void> => {
    for (const tok of [...geminiImportTokens(text)].reverse()) {
      const r = await resolveImport(ctx, tok.path, dir);
      if (!r.ok) {
        ctx.reports.push({
          path: tok.path,
          group: ctx.group,
          status: 'skipped',
          reason: `import failed (dropped silently): ${r.message}`,
          importedBy: importer,
          importProblem: r.problem,
        });
        continue;
      }
      if (seen.has(r.real)) continue;
      seen.add(r.real);
      ctx.reports.push({
        path: r.path,
        group: ctx.group,
        status: 'loaded',
        reason: `imported by ${importer}`,
        importedBy: importer,
        text: r.text,
      });
      entries.push({ path: r.path, content: r.text });
      await visit(r.text, parentOf(r.path), r.path);
    }
  };
  await visit(content, parentOf(path), path);
  return entries
    .map((e) => fillSlots(ctx.profile.imports.flatEntry, { path: e.path, content: e.content.trim() }))
    .join(ctx.profile.imports.flatSeparator);
}
