import type { CaptureVerdict } from './verdict.js';

/**
 * A capture as conformance cases (the case format of shared/docs/harnesses/README.md): one case
 * per instruction part, whose `expected` is the text the agent really sent for it — the
 * profile's text where it matched, the nearest text of the request where it differed — so the
 * case holds what the release does, and fails until the profile is mended.
 */

export interface CaptureCaseInput {
  harness: string;
  /** The captured release: cases name it `<harness>-<version>`. */
  version: string;
  files: Record<string, string>;
  cwd: string;
  home: string;
  os: 'linux' | 'darwin' | 'win32';
  env: Record<string, string>;
  settings: Record<string, unknown>;
  verdict: CaptureVerdict;
}

/** The tree, environment and settings of the capture, as the case's input; `version` is `<harness>-<release>`. */
export interface ConformanceCase extends Omit<CaptureCaseInput, 'verdict'> {
  name: string;
  reads: string[];
  part: string;
  expected: string;
  confidence: 'observed';
  notes: string;
}

export function captureCases(input: CaptureCaseInput): { about: string; cases: ConformanceCase[] } {
  // A part of the agent's own context (`context`) carries no instruction text: no case.
  const parts = input.verdict.parts.filter((p) => p.status !== 'context');
  const cases = parts.map((p, i): ConformanceCase => {
    return {
      harness: input.harness,
      version: `${input.harness}-${input.version}`,
      name: `capture-${input.harness}-${i + 1}-${p.label.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`,
      files: input.files,
      cwd: input.cwd,
      home: input.home,
      os: input.os,
      env: input.env,
      settings: input.settings,
      reads: [],
      part: p.placement,
      expected: p.sent,
      confidence: 'observed',
      notes:
        p.status === 'matches'
          ? `captured; the profile predicted it (${p.where ?? ''})`
          : `captured; the profile predicted other text (nearest ${p.where ?? 'none'})`,
    };
  });
  return { about: `Captured from ${input.harness} ${input.version} by variant-studio capture.`, cases };
}
