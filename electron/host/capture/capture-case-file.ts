import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { captureCases } from '../../../shared/capture/conformance-case.js';
import { isCaptureDriven } from '../../../shared/capture/profile.js';
import type { CaptureVerdict } from '../../../shared/capture/verdict.js';
import { harnessEnvAllowed, harnessKindOf, type HarnessProfile } from '../../../shared/harness/index.js';
import { localIsoDate } from '../stack/index.js';
import type { CaptureOutcome } from './capture-runner.js';
import { folderTexts } from './folder-texts.js';

/**
 * A capture as the text of a conformance case file (the CLI's `--save-case`, the view's "Save as
 * conformance case…"): the working folder's texts, the global files the agent saw at the paths
 * of its home, the section's settings (with the capture's day where the profile reads a date),
 * and the environment variables the profile reads. Undefined when there is no verdict.
 */
export async function captureCaseFile(
  outcome: CaptureOutcome,
  verdict: CaptureVerdict | undefined,
  profile: HarnessProfile,
  cwd: string,
  userHome: string,
): Promise<{ text: string; cases: number } | undefined> {
  if (!verdict || !outcome.version || !outcome.home) return undefined;
  const files = await folderTexts(cwd);
  // The global files the agent saw, at the paths of its home (their source is the user's home).
  for (const rel of outcome.home.copied)
    for (const [file, text] of Object.entries(await folderTextsOrFile(path.join(userHome, rel))))
      files[path.join(outcome.home.dir, path.relative(userHome, file))] = text;
  const section = profile.capture;
  const settings: Record<string, unknown> = { ...(isCaptureDriven(section) ? section.settings : {}) };
  // Profiles whose text carries the date read it from a setting (Claude Code, OpenCode): the capture's day.
  const dateKey = 'settings' in profile ? (profile.settings as Record<string, unknown>).date : undefined;
  if (typeof dateKey === 'string') settings[dateKey] = localIsoDate(new Date());
  const allowed = harnessEnvAllowed(harnessKindOf(profile));
  const result = captureCases({
    harness: profile.agent,
    version: outcome.version,
    files,
    cwd,
    home: outcome.home.dir,
    os: process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux',
    env: Object.fromEntries(Object.entries(outcome.env).filter(([k]) => allowed(k))),
    settings,
    verdict,
  });
  return { text: `${JSON.stringify(result, null, 2)}\n`, cases: result.cases.length };
}

/** A copied global: a file's text, or a rules folder's text files. */
async function folderTextsOrFile(p: string): Promise<Record<string, string>> {
  const st = await stat(p).catch(() => undefined);
  if (st?.isDirectory()) return folderTexts(p);
  return st?.isFile() ? { [p]: await readFile(p, 'utf8') } : {};
}
