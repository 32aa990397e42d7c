import { writeFileSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { captureCases } from '../../shared/capture/conformance-case.js';
import { harnessEnvAllowed, harnessKindOf } from '../../shared/harness/index.js';
import { folderTexts } from '../../electron/host/capture/folder-texts.js';
import { localIsoDate } from '../../electron/host/stack/index.js';
import { wordDiffText, type CaptureVerdict } from '../../shared/capture/verdict.js';
import { isCaptureDriven } from '../../shared/capture/profile.js';
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
  });
  if (outcome.problem?.code === 'no-namespace') {
    io.stderr(`variant-studio: ${outcome.problem.message}; run again with --allow-network to capture anyway\n`);
    return EXIT_USAGE;
  }
  const section = profile.capture;
  const best = outcomeVerdict(outcome, profile);
  const verdict = best?.verdict;
  const compared = best?.compared;
  if (options.format === 'json') io.stdout(`${JSON.stringify(captureJson(outcome, verdict, compared), null, 2)}\n`);
  else io.stdout(captureText(outcome, verdict, compared));
  if (options.saveCase !== undefined && verdict && outcome.version && outcome.home) {
    const files = await folderTexts(cwd);
    // The global files the agent saw, at the paths of its temporary home (their source is the user's home).
    for (const rel of outcome.home.copied)
      for (const [file, text] of Object.entries(await folderTextsOrFile(path.join(env.HOME ?? os.homedir(), rel))))
        files[path.join(outcome.home.dir, path.relative(env.HOME ?? os.homedir(), file))] = text;
    const settings: Record<string, unknown> = { ...(isCaptureDriven(section) ? section.settings : {}) };
    // Profiles whose text carries the date read it from a setting (Claude Code, OpenCode): the capture's day.
    const dateKey = 'settings' in profile ? (profile.settings as Record<string, unknown>).date : undefined;
    if (typeof dateKey === 'string') settings[dateKey] = localIsoDate(new Date());
    const allowed = harnessEnvAllowed(harnessKindOf(profile));
    const file = path.resolve(io.cwd, options.saveCase);
    writeFileSync(
      file,
      `${JSON.stringify(
        captureCases({
          harness: profile.agent,
          version: outcome.version,
          files,
          cwd,
          home: outcome.home.dir,
          os: process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux',
          env: Object.fromEntries(Object.entries(outcome.env).filter(([k]) => allowed(k))),
          settings,
          verdict,
        }),
        null,
        2,
      )}\n`,
    );
    io.stderr(`wrote ${file}\n`);
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

/** A copied global: a file's text, or a rules folder's text files. */
async function folderTextsOrFile(p: string): Promise<Record<string, string>> {
  const st = await stat(p).catch(() => undefined);
  if (st?.isDirectory()) return folderTexts(p);
  return st?.isFile() ? { [p]: await readFile(p, 'utf8') } : {};
}
