import type { InstructionFs } from '../../stack/instruction-fs.js';
import { isInsideOrEqual, joinPath, parentOf } from '../../stack/path.js';
import type { GeminiProfile } from '../profile/gemini.js';
import type { HarnessFileReport } from '../result.js';
import { fillSlots } from '../text/fill.js';
import { geminiImportTokens } from '../text/import-tokens.js';
import { decodeUtf8Lossy } from '../text/utf8-lossy.js';
import { budgetReport, type RunBudget } from '../run/budget.js';
import { probe, readBytes, realPathOf } from '../run/read.js';

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
  /** The run's budget: once spent, imports stay as written. */
  budget: RunBudget;
}

type Problem = NonNullable<HarnessFileReport['importProblem']>;
type Resolved =
  { ok: true; path: string; real: string; text: string; bytes: number } | { ok: false; message: string; problem: Problem; keep?: boolean };

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
  const path = joinPath(fromDir, written);
  const real = profile.imports.realPaths ? ((await realPathOf(fs, path)) ?? path) : path;
  if (!isInsideOrEqual(real, ctx.root))
    return { ok: false, message: fillSlots(profile.imports.traversal, { path: written }), problem: 'outside' };
  const failed = (error: string, problem: Problem): Resolved => ({
    ok: false,
    message: fillSlots(profile.imports.failed, { path: written, error }),
    problem,
  });
  // Node's words for the error, as the agent's comment quotes them.
  const nodeError = (code: string, op: string): string => `${code}: ${NODE_TEXT[code] ?? code.toLowerCase()}, ${op} '${path}'`;
  const st = await probe(fs, path);
  if (st.kind === 'missing' && profile.imports.missing === 'keep')
    return { ok: false, message: `no such file: @${written} stays as written`, problem: 'missing', keep: true };
  if (st.kind === 'missing') return failed(nodeError('ENOENT', 'access'), 'missing');
  if (st.kind === 'error') return failed(nodeError(st.code, 'access'), 'unreadable');
  if (st.kind === 'directory') return failed('EISDIR: illegal operation on a directory, read', 'unreadable');
  const read = await readBytes(fs, path, { known: st });
  if (!read.ok) {
    if (read.problem === 'too-large') return failed(read.reason, 'too-large');
    if (read.code === undefined) return failed(read.reason, 'unreadable');
    return failed(nodeError(read.code, 'open'), read.code === 'ENOENT' ? 'missing' : 'unreadable');
  }
  return { ok: true, path, real, text: decodeUtf8Lossy(read.bytes), bytes: read.bytes.length };
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
  const tokens = geminiImportTokens(content, ctx.profile.imports.code);
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
    if (!ctx.budget.inBudget()) {
      // The rest of this file stays as written; one report says why.
      ctx.reports.push(budgetReport(ctx, tok.path, importer));
      last = tok.start;
      break;
    }
    last = tok.end;
    const r = await resolveImport(ctx, tok.path, dir);
    if (!r.ok) {
      out += r.keep ? content.slice(tok.start, tok.end) : r.message;
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
    if (!ctx.budget.takeImport(r.bytes)) {
      out += content.slice(tok.start, tok.end);
      ctx.reports.push(budgetReport(ctx, r.path, importer));
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
  const entries: { path: string; content: string }[] = [
    { path: ctx.profile.imports.flatTopPath === 'file' ? path : parentOf(path), content },
  ];
  const seen = new Set<string>([real]);
  const visit = async (text: string, dir: string, importer: string): Promise<void> => {
    for (const tok of [...geminiImportTokens(text, ctx.profile.imports.code)].reverse()) {
      if (!ctx.budget.inBudget()) {
        ctx.reports.push(budgetReport(ctx, tok.path, importer));
        return;
      }
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
      if (!ctx.budget.takeImport(r.bytes)) {
        ctx.reports.push(budgetReport(ctx, r.path, importer));
        continue;
      }
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
