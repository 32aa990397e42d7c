import { formatGroup, groupFindings } from '../../shared/engine/lint/lint-finding.js';
import { checkWorkspace } from '../../shared/engine/lint/check-workspace.js';
import { loadTokenCounter } from '../../electron/host/tokens.js';
import { EXIT_FINDINGS, EXIT_OK, type CliIo } from '../cli-io.js';
import { openWorkspace } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface CheckCommandOptions extends CommonOptions {
  strict: boolean;
  /** The same workspace before the change (e.g. a checkout of main): a shortened stable prefix is reported. */
  baseline?: string | undefined;
  /** The routing list every variant must be reachable from (default: the built-in model catalog). */
  modelIds?: string[] | undefined;
}

/** Lints a workspace, with the prompt-cache checks and the token budgets; exit 1 when there is an error. */
export async function checkCommand(options: CheckCommandOptions, io: CliIo): Promise<number> {
  const ws = openWorkspace(options.workspace, io.cwd);
  const before = options.baseline ? openWorkspace(options.baseline, io.cwd).snapshot : undefined;
  const findings = checkWorkspace(ws.snapshot, {
    strict: options.strict,
    date: options.date,
    countTokens: await loadTokenCounter(),
    before,
    modelIds: options.modelIds,
  });
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  // The same groups as the Problems panel: identical findings across variants once, with a count.
  const groups = groupFindings(findings);
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify({ errors, warnings, findings, groups }, null, 2)}\n`);
  } else {
    for (const g of groups) for (const line of formatGroup(g)) io.stdout(`${line}\n`);
    const grouped = groups.length < findings.length ? ` (${groups.length} distinct)` : '';
    io.stdout(`${errors} error(s), ${warnings} warning(s), ${findings.length - errors - warnings} note(s)${grouped} in ${ws.dir}\n`);
  }
  return errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}
