import type { CheckFinding } from '../../../shared/ipc/contract';

/** Monaco's MarkerSeverity values (kept here so this stays a pure function). */
export const MARKER_SEVERITY = { error: 8, warning: 4, info: 2 } as const;

export interface FindingMarker {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
  message: string;
  severity: number;
  code: string;
  source: string;
}

export const CHECK_MARKER_SOURCE = 'variant-studio check';

/**
 * The editor markers of one file: one per finding of that file, at its line and column (to
 * the end of the line), with its message, severity and code: the same list the CLI prints.
 * Findings without a line mark line 1.
 */
export function findingMarkers(
  findings: readonly CheckFinding[],
  file: string,
  lines: { count: number; maxColumn(line: number): number },
): FindingMarker[] {
  const out: FindingMarker[] = [];
  for (const f of findings) {
    if (f.file !== file) continue;
    const line = Math.min(Math.max(f.line ?? 1, 1), lines.count);
    const column = Math.min(Math.max(f.column ?? 1, 1), lines.maxColumn(line));
    out.push({
      startLineNumber: line,
      startColumn: column,
      endLineNumber: line,
      endColumn: Math.max(lines.maxColumn(line), column + 1),
      message: f.preset ? `${f.message} [preset ${f.preset}]` : f.message,
      severity: MARKER_SEVERITY[f.severity],
      code: f.code,
      source: CHECK_MARKER_SOURCE,
    });
  }
  return out;
}
