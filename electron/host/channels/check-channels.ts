import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { checkWorkspaceSteps } from '../../../shared/engine/lint/check-workspace.js';
import { loadWorkspace } from '../../../shared/engine/workspace/load-workspace.js';
import { YamlParseCache } from '../../../shared/engine/workspace/yaml-file.js';
import { groupFindings, type FindingGroup, type LintFinding } from '../../../shared/engine/lint/lint-finding.js';
import type { HostContext } from '../host-context.js';
import { loadTokenCounter } from '../tokens.js';

type CheckChannel = 'check:run';

/**
 * Handlers of the checks group. The workspace as edited is loaded as the CLI loads a folder
 * (profiles included) and checked with the CLI's own function and options (strict, token budgets), so the
 * Problems panel and `variant-studio check --strict` agree finding for finding. The result
 * is kept until the next edit; the YAML files that did not change are not parsed again, and the
 * host is held one build at a time at most.
 */
export function checkHandlers(host: HostContext): Pick<ChannelHandlers, CheckChannel> {
  let last: { sessionId: string; version: number; list: string; findings: LintFinding[]; groups: FindingGroup[] } | undefined;
  let parsed: { sessionId: string; cache: YamlParseCache } | undefined;
  return {
    'check:run': async ({ modelIds }) => {
      const list = JSON.stringify(modelIds ?? null);
      for (;;) {
        const session = host.requireSession();
        const version = session.docs.version;
        if (last?.sessionId === session.id && last.version === version && last.list === list)
          return { findings: last.findings, groups: last.groups };
        const countTokens = await loadTokenCounter();
        if (parsed?.sessionId !== session.id) parsed = { sessionId: session.id, cache: new YamlParseCache() };
        const workspace = loadWorkspace(session.docs.editedSource(), { parseCache: parsed.cache });
        // One build at a time: in between, the host answers what came meanwhile (a keystroke and
        // its preview); an edit meanwhile makes the check start again, on the new text.
        const steps = checkWorkspaceSteps(workspace, { strict: true, countTokens, modelIds });
        let step = steps.next();
        while (!step.done) {
          await new Promise((resolve) => setImmediate(resolve));
          if (host.session !== session || session.docs.version !== version) break;
          step = steps.next();
        }
        if (step.done) last = { sessionId: session.id, version, list, findings: step.value, groups: groupFindings(step.value) };
      }
    },
  };
}
