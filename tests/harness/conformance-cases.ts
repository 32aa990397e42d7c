import { readFileSync } from 'node:fs';
import path from 'node:path';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { loadHarnessProfiles, type HarnessContextInput, type HarnessProfile, type HarnessResult } from '../../shared/harness/index.js';

/** Shared by the conformance tests: the cases of harness-cases.json, the built-in profiles, and the check. */

export interface HarnessCase extends HarnessContextInput {
  harness: string;
  version: string;
  name: string;
  part: string;
  expected: string;
  confidence: string;
}

/** The cases of shared/conformance/harness-cases.json and harness-cases-next.json (copied into tests/conformance/ unchanged). */
export function harnessCases(): HarnessCase[] {
  return ['harness-cases.json', 'harness-cases-next.json'].flatMap(
    (name) => (JSON.parse(readFileSync(new URL(`../conformance/${name}`, import.meta.url), 'utf8')) as { cases: HarnessCase[] }).cases,
  );
}

export function builtinHarnesses(): HarnessProfile[] {
  const loaded = loadHarnessProfiles(folderFileSource(path.resolve('variants')));
  if (loaded.problems.length > 0) throw new Error(JSON.stringify(loaded.problems, null, 2));
  return loaded.profiles;
}

/** The profile a case names: its agent, at its version. */
export function profileForCase(profiles: readonly HarnessProfile[], c: Pick<HarnessCase, 'harness' | 'version'>): HarnessProfile {
  const found = profiles.find((p) => p.agent === c.harness && `${p.agent}-${p.version}` === c.version);
  if (!found) throw new Error(`no built-in profile for ${c.harness} ${c.version}`);
  return found;
}

/** The text of the part a case names, and whether any of it carries instruction text. */
export function partOf(result: HarnessResult, part: string): { text: string; carriesInstructions: boolean } {
  const parts = part.startsWith('read:')
    ? result.parts.filter((p) => p.placement === 'read' && p.readPath === part.slice('read:'.length))
    : result.parts.filter((p) => p.placement === part);
  return { text: parts.map((p) => p.text).join('\n'), carriesInstructions: parts.some((p) => p.files.length > 0) };
}
