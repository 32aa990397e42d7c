import { checkWorkspace } from '../../shared/engine/lint/check-workspace.js';
import { formatFinding } from '../../shared/engine/lint/lint-finding.js';
import { EXIT_FINDINGS, EXIT_OK, type CliIo } from '../cli-io.js';
import { openWorkspace } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface CheckCommandOptions extends CommonOptions {
  strict: boolean;
}

/** Lints a workspace; exit 1 when there is an error. */
export function checkCommand(options: CheckCommandOptions, io: CliIo): number {
  const ws = openWorkspace(options.workspace, io.cwd);
  const findings = checkWorkspace(ws.snapshot, { strict: options.strict, date: options.date });
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ errors, warnings, findings }, null, 2)}\n`);
  } else {
    for (const f of findings) io.stdout(`${formatFinding(f)}\n`);
    io.stdout(`${errors} error(s), ${warnings} warning(s), ${findings.length - errors - warnings} note(s) in ${ws.dir}\n`);
  }
  return errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}
