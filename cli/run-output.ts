import { formatCost } from '../shared/wire/prices.js';
import type { CellResult, EvalCellResult, EvalSummary } from '../shared/wire/run-result.js';

/** How `run` and `eval` print a reply, a cell and a summary (text and JUnit XML). */

export function usageLine(result: CellResult): string {
  const u = result.reply.usage;
  const cost = result.cost === null ? 'no price' : formatCost(result.cost);
  return `input ${u.inputTokens} tokens (cached ${u.cachedInputTokens}${u.cacheWriteTokens ? `, written to cache ${u.cacheWriteTokens}` : ''}) · output ${u.outputTokens} · ${Math.round(result.latencyMs)} ms · ${cost}`;
}

export function replyText(result: CellResult): string {
  const lines: string[] = [];
  if (result.reply.text) lines.push(result.reply.text.trimEnd(), '');
  for (const call of result.toolCalls) {
    lines.push(`tool call (${call.format}): ${call.name} ${JSON.stringify(call.arguments)}${call.partial ? ' [not closed]' : ''}`);
    for (const problem of call.problems) lines.push(`  ! ${problem}`);
  }
  if (result.toolCalls.length) lines.push('');
  if (result.message) lines.push(`error: ${result.message}`);
  lines.push(`${result.reply.stop ? `stop: ${result.reply.stop.reason} (${result.reply.stop.raw}) · ` : ''}${usageLine(result)}`);
  return `${lines.join('\n')}\n`;
}

const MARK: Record<string, string> = {
  pass: 'PASS',
  fail: 'FAIL',
  error: 'ERROR',
  'needs-recording': 'NEEDS RECORDING',
  'not-run': 'NOT RUN',
};

export function cellVerdict(cell: EvalCellResult): keyof typeof MARK {
  if (cell.status === 'needs-recording') return 'needs-recording';
  if (cell.status === 'not-sent' || cell.status === 'cancelled') return 'not-run';
  if (cell.status === 'error' || cell.status === 'build-failed') return 'error';
  return cell.pass ? 'pass' : 'fail';
}

export function evalText(summary: EvalSummary): string {
  const lines: string[] = [];
  for (const cell of summary.cells) {
    const verdict = cellVerdict(cell);
    const tail =
      cell.result && cell.status === 'ok' ? `  (${usageLine(cell.result)}${cell.result.source === 'recording' ? ', replayed' : ''})` : '';
    lines.push(`${MARK[verdict]}  ${cell.id}${tail}`);
    if (cell.message) lines.push(`      ${cell.message}`);
    for (const a of cell.assertions) if (!a.pass) lines.push(`      ✗ ${a.label}: ${a.why}`);
  }
  lines.push(
    '',
    `${summary.passed} passed, ${summary.failed + summary.errors} failed${summary.needsRecording ? `, ${summary.needsRecording} need recording` : ''}${summary.notRun ? `, ${summary.notRun} not run` : ''} · ${formatCost(summary.spentUsd)} · ${(summary.durationMs / 1000).toFixed(1)} s`,
  );
  return `${lines.join('\n')}\n`;
}

const xml = (text: string): string =>
  text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(/[^\t\n\r\u0020-\u{10FFFF}]/gu, '');

/** JUnit XML: one testsuite per test, one testcase per column. */
export function evalJunit(summary: EvalSummary): string {
  const byTest = new Map<string, EvalCellResult[]>();
  for (const cell of summary.cells) byTest.set(cell.test, [...(byTest.get(cell.test) ?? []), cell]);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="variant-studio eval" tests="${summary.cells.length}" failures="${summary.failed}" errors="${summary.errors}">`,
  ];
  for (const [test, cells] of byTest) {
    const failures = cells.filter((c) => cellVerdict(c) === 'fail').length;
    const errors = cells.filter((c) => cellVerdict(c) === 'error' || cellVerdict(c) === 'needs-recording').length;
    out.push(`  <testsuite name="${xml(test)}" tests="${cells.length}" failures="${failures}" errors="${errors}">`);
    for (const cell of cells) {
      const time = ((cell.result?.latencyMs ?? 0) / 1000).toFixed(3);
      out.push(`    <testcase classname="${xml(test)}" name="${xml(`${cell.column}`)}" time="${time}">`);
      const verdict = cellVerdict(cell);
      if (verdict === 'fail') {
        const why = cell.assertions
          .filter((a) => !a.pass)
          .map((a) => `${a.label}: ${a.why}`)
          .join('\n');
        out.push(`      <failure message="${xml(why.split('\n')[0] ?? '')}">${xml(why)}</failure>`);
      } else if (verdict === 'error' || verdict === 'needs-recording') out.push(`      <error message="${xml(cell.message ?? verdict)}"/>`);
      else if (verdict === 'not-run') out.push(`      <skipped message="${xml(cell.message ?? 'not run')}"/>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
