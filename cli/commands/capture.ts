import { writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { captureCaseFile } from '../../electron/host/capture/capture-case-file.js';
import { wordDiffText, type CaptureVerdict } from '../../shared/capture/verdict.js';
import { probeIsolation } from '../../electron/host/capture/isolation.js';
import { captureAgent, outcomeVerdict, type CaptureOutcome } from '../../electron/host/capture/capture-runner.js';
import type { RecordedRequest } from '../../electron/host/stand-in/stand-in-server.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../cli-io.js';
import { openWorkspace } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface CaptureCommandOptions extends CommonOptions {
  harness?: string | undefined;
  cwd?: string | undefined;
  bin?: string | undefined;
  /** Write the capture as conformance cases (one per part) to this JSON file. */
  saveCase?: string | undefined;
  /** Run even without a network namespace (the user's explicit choice). */
  allowNetwork?: boolean | undefined;
  /** Run the agent with the user's real HOME instead of a temporary one (the user's explicit choice). */
  realHome?: boolean | undefined;
}

/**
 * `capture`: runs the installed agent of a harness profile for one turn against the local
 * stand-in, prints what it sent and whether the profile predicts it. Exit 0: matches; 1: a
 * part differs; 2: nothing could be captured (the message says why).
 */
export async function captureCommand(options: CaptureCommandOptions, io: CliIo): Promise<number> {
  if (options.harness === undefined) throw new UsageError('capture needs --harness <id>');
  const ws = openWorkspace(options.workspace, io.cwd);
  const profile = ws.snapshot.harnesses.find((h) => h.id === options.harness);
  if (!profile) throw new UsageError(`no harness '${options.harness}' (harnesses: ${ws.snapshot.harnesses.map((h) => h.id).join(', ')})`);
  let cwd: string;
  try {
    cwd = await realpath(path.resolve(io.cwd, options.cwd ?? '.'));
  } catch {
    throw new UsageError(`--cwd '${options.cwd ?? '.'}' is not a folder`);
  }
  const env = io.env ?? process.env;
  const outcome = await captureAgent({
    profile,
    cwd,
    bin: options.bin === undefined ? undefined : path.resolve(io.cwd, options.bin),
    env,
    homeDir: env.HOME,
    isolation: probeIsolation(process.platform, env),
    allowNetwork: options.allowNetwork === true,
    realHome: options.realHome === true,
  });
  if (outcome.problem?.code === 'no-namespace') {
    io.stderr(`variant-studio: ${outcome.problem.message}; run again with --allow-network to capture anyway\n`);
    return EXIT_USAGE;
  }
  const best = outcomeVerdict(outcome, profile);
  const verdict = best?.verdict;
  const compared = best?.compared;
  if (options.format === 'json') io.stdout(`${JSON.stringify(captureJson(outcome, verdict, compared), null, 2)}\n`);
  else io.stdout(captureText(outcome, verdict, compared));
  if (options.saveCase !== undefined) {
    const saved = await captureCaseFile(outcome, verdict, profile, cwd, env.HOME ?? os.homedir());
    if (saved) {
      const file = path.resolve(io.cwd, options.saveCase);
      writeFileSync(file, saved.text);
      io.stderr(`wrote ${file}\n`);
    }
  }
  if (!outcome.ok || !verdict) {
    if (options.format === 'json') io.stderr(`variant-studio: ${outcome.problem?.message ?? outcome.predictionError ?? 'no verdict'}\n`);
    return EXIT_USAGE;
  }
  return verdict.matches ? EXIT_OK : EXIT_FINDINGS;
}

function captureJson(
  outcome: CaptureOutcome,
  verdict: CaptureVerdict | undefined,
  compared: RecordedRequest | undefined,
): Record<string, unknown> {
  return {
    harness: outcome.harness,
    ok: outcome.ok,
    problem: outcome.problem,
    bin: outcome.bin,
    version: outcome.version,
    isolation: outcome.isolation,
    copiedIntoHome: outcome.home?.copied ?? [],
    realHome: outcome.home?.real ?? false,
    request: compared ?? outcome.request,
    requests: outcome.requests.map((r) => ({ method: r.method, url: r.url, route: r.route, bytes: r.body.length })),
    exit: outcome.exit,
    predicted: outcome.predicted?.parts,
    verdict,
  };
}

function captureText(outcome: CaptureOutcome, verdict: CaptureVerdict | undefined, compared: RecordedRequest | undefined): string {
  const lines: string[] = [];
  lines.push(`capture: ${outcome.harness}${outcome.version ? ` ${outcome.version}` : ''}${outcome.bin ? ` (${outcome.bin})` : ''}`);
  lines.push(`isolation: ${outcome.isolation.note}`);
  for (const r of outcome.requests) lines.push(`sent: ${r.method} ${r.url} (${r.body.length} bytes)`);
  if (outcome.problem) lines.push(`problem: ${outcome.problem.message}`);
  if (outcome.predictionError) lines.push(`no prediction: ${outcome.predictionError}`);
  if (verdict && compared) {
    lines.push(`instruction parts (against ${compared.method} ${compared.url}, request ${compared.index + 1}):`);
    for (const p of verdict.parts) {
      const files = p.files.length ? ` [${p.files.join(', ')}]` : '';
      const status = p.status === 'context' ? "the agent's context, not compared" : p.status;
      const scope = p.compared === 'instruction' ? ' (its instruction text; the rest is context)' : '';
      lines.push(`  ${p.label}${files}: ${status}${scope}${p.where ? ` (${p.status === 'differs' ? 'nearest' : 'at'} ${p.where})` : ''}`);
      if (p.changes)
        lines.push(
          ...wordDiffText(p.changes)
            .split('\n')
            .map((l) => `    | ${l}`),
        );
    }
    if (verdict.parts.length === 0) lines.push('  (none predicted)');
    lines.push(`verdict: ${verdict.summary}`);
    lines.push('(--format json prints the whole request)');
  }
  return `${lines.join('\n')}\n`;
}
