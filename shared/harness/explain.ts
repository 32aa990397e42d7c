import type { HarnessFileReport, HarnessPart, HarnessResult } from './result.js';

/**
 * A harness result as text: each part under a header naming its placement, then every file
 * with its status and reason, then the warnings.
 */

export function partHeader(part: HarnessPart): string {
  const where = part.placement === 'read' ? `read ${part.readPath ?? ''}` : part.placement;
  return `--- ${where}: ${part.label} ---`;
}

function fileLine(f: HarnessFileReport): string {
  const size = f.bytes !== undefined ? ` (${f.bytes} B)` : '';
  const cut = f.truncation
    ? ` [cut at line ${f.truncation.line}, column ${f.truncation.column}: ${f.truncation.keptBytes} bytes kept]`
    : '';
  const where = f.placement ? ` -> ${f.placement === 'read' ? `read ${f.readPath ?? ''}` : f.placement}` : '';
  return `  ${f.status.padEnd(14)} ${f.path}${size}${where}${cut}${f.reason ? `: ${f.reason}` : ''}`;
}

/** Which releases the profile was checked against, in words. */
export function observedLine(result: Pick<HarnessResult, 'observedWith' | 'name'>): string {
  return result.observedWith.length > 0
    ? `observed with ${result.name} ${result.observedWith.join(', ')}`
    : 'not observed with a released agent: the profile follows its spec page only';
}

export function describeHarnessResult(result: HarnessResult, options: { files?: boolean } = {}): string {
  const lines: string[] = [`=== ${result.name} ${result.version} (${result.harness}) ===`, observedLine(result)];
  if (result.stopped) lines.push(`(no request: ${result.stopped})`);
  if (result.truncated) lines.push(`(cut: ${result.truncated.message})`);
  if (result.parts.length === 0 && !result.stopped) lines.push('(no instruction text)');
  for (const part of result.parts) lines.push(partHeader(part), part.text);
  if (options.files !== false) {
    const looked = result.files;
    if (looked.length > 0) lines.push('files:', ...looked.map(fileLine));
  }
  if (result.warnings.length > 0) lines.push('warnings:', ...result.warnings.map((w) => `  ${w.severity}: ${w.message}`));
  return lines.join('\n');
}

/** The JSON form of a result: parts as `{ placement, path?, label, text, files }`, every file, warnings. */
export function harnessResultJson(result: HarnessResult): Record<string, unknown> {
  return {
    harness: result.harness,
    name: result.name,
    agent: result.agent,
    version: result.version,
    observedWith: result.observedWith,
    ...(result.stopped ? { stopped: result.stopped } : {}),
    ...(result.truncated ? { truncated: result.truncated } : {}),
    parts: result.parts.map((p) => ({
      placement: p.placement,
      ...(p.readPath !== undefined ? { path: p.readPath } : {}),
      label: p.label,
      text: p.text,
      files: p.files,
    })),
    files: result.files,
    warnings: result.warnings,
    facts: result.facts,
  };
}
