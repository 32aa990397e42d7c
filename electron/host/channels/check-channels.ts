import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { checkWorkspace } from '../../../shared/engine/lint/check-workspace.js';
import { loadWorkspace } from '../../../shared/engine/workspace/load-workspace.js';
import { groupFindings, type FindingGroup, type LintFinding } from '../../../shared/engine/lint/lint-finding.js';
import type { HostContext } from '../host-context.js';
import { loadTokenCounter } from '../tokens.js';

type CheckChannel = 'check:run';

/**
 * Handlers of the checks group. The workspace as edited is loaded as the CLI loads a folder
 * (profiles included) and checked with the CLI's own function and options (strict, token budgets), so the
 * Problems panel and `variant-studio check --strict` agree finding for finding. The result
 * is kept until the next edit.
 */
export function checkHandlers(host: HostContext): Pick<ChannelHandlers, CheckChannel> {
  let last: { sessionId: string; version: number; list: string; findings: LintFinding[]; groups: FindingGroup[] } | undefined;
  return {
    'check:run': async ({ modelIds }) => {
      const session = host.requireSession();
      const version = session.docs.version;
      const list = JSON.stringify(modelIds ?? null);
      if (last?.sessionId !== session.id || last.version !== version || last.list !== list) {
        const countTokens = await loadTokenCounter();
        const findings = checkWorkspace(loadWorkspace(session.docs.editedSource()), { strict: true, countTokens, modelIds });
        last = { sessionId: session.id, version, list, findings, groups: groupFindings(findings) };
      }
      return { findings: last.findings, groups: last.groups };
    },
  };
}
