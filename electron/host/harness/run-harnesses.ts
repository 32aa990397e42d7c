import {
  contextFs,
  contextTreeFiles,
  harnessContextUse,
  lintInstructions,
  runHarness,
  treeFilesOf,
  type HarnessResult,
} from '../../../shared/harness/index.js';
import type { ChannelResponse, HarnessRunResult } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import type { HostContext } from '../host-context.js';
import { localIsoDate } from '../stack/index.js';
import { countTokens } from '../tokens.js';
import { realHarnessSetup } from './real-harness.js';

/**
 * harness:run — the workspace's harness profiles (as edited) on one tree: the context's
 * virtual files, or the granted working folder on this machine; with token counts and the
 * instruction-file lint. Loaded on the first request (the harness engine is not needed to
 * start the host).
 */
export async function runHarnesses(
  host: HostContext,
  { context, harnesses, discovery, globalsOff }: Parameters<ChannelHandlers['harness:run']>[0],
): Promise<ChannelResponse<'harness:run'>> {
  const started = performance.now();
  const all = host.requireSession().snapshot().harnesses;
  const chosen = harnesses === undefined ? all : all.filter((h) => harnesses.includes(h.id));
  const unknown = (harnesses ?? []).filter((id) => !all.some((h) => h.id === id));
  if (unknown.length > 0) throw new HostError('NOT_FOUND', `no harness profile ${unknown.join(', ')} in this workspace`);
  const today = localIsoDate(new Date());
  // With a clock, each run also stops at the engine's time budget.
  const clock = (): number => performance.now();
  const results: HarnessRunResult[] = [];
  const withTokens = async (result: HarnessResult): Promise<HarnessRunResult> => {
    const partTokens: number[] = [];
    for (const part of result.parts) partTokens.push((await countTokens(part.text)).o200k);
    const fileTokens: (number | null)[] = [];
    for (const file of result.files) fileTokens.push(file.text === undefined ? null : (await countTokens(file.text)).o200k);
    return { ...result, partTokens, fileTokens };
  };
  if (discovery === 'real') {
    let treeFiles: string[] | undefined;
    // Names (never values) of the variables the harnesses take from this machine.
    const machineSet = new Set<string>();
    for (const profile of chosen) {
      const setup = await realHarnessSetup(
        profile,
        { cwd: context.cwd, reads: context.reads, settings: context.settings, globalsOff },
        { granted: host.grantedFolders },
      );
      if (!setup.ok) throw new HostError('INVALID_REQUEST', setup.error);
      for (const name of Object.keys(setup.context.env)) machineSet.add(name);
      const result = await runHarness(profile, setup.context, { today, fs: setup.fs, clock });
      results.push({
        ...(await withTokens(result)),
        globals: setup.globals.map((g) => ({ id: g.id, name: g.name, paths: [...g.files, ...g.folders], off: g.off })),
      });
      // One tree walk for every harness (the first one's confined filesystem).
      treeFiles ??= await treeFilesOf(setup.fs, setup.context.cwd);
    }
    return {
      results,
      lint: lintInstructions(results, treeFiles ?? []),
      contextUse: harnessContextUse(chosen, 'real', context, [...machineSet]),
      durationMs: performance.now() - started,
    };
  }
  // One virtual filesystem for every harness (it only reads).
  const tree = contextFs(context);
  for (const profile of chosen)
    results.push(await withTokens(await runHarness(profile, context, { today, fs: tree.fs, treeProblems: tree.problems, clock })));
  const lint = lintInstructions(results, contextTreeFiles(context));
  return { results, lint, contextUse: harnessContextUse(chosen, 'virtual', context), durationMs: performance.now() - started };
}
