import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { checkWorkspaceSteps } from '../../../shared/engine/lint/check-workspace.js';
import { loadWorkspace } from '../../../shared/engine/workspace/load-workspace.js';
import { withEditedFiles } from '../../../shared/engine/workspace/edited-files.js';
import type { WorkspaceSnapshot } from '../../../shared/engine/workspace/workspace-snapshot.js';
import { YamlParseCache } from '../../../shared/engine/workspace/yaml-file.js';
import { groupFindings, type FindingGroup, type LintFinding } from '../../../shared/engine/lint/lint-finding.js';
import type { HostContext } from '../host-context.js';
import type { WorkspaceSession } from '../workspace-session.js';
import { TokenCache } from '../token-cache.js';
import { LOOP_SLICER } from '../sliced-work.js';

type CheckChannel = 'check:run';

/**
 * Handlers of the checks group. The workspace as edited is loaded as the CLI loads a folder
 * (profiles included) and checked with the CLI's own function and options (strict, token budgets), so the
 * Problems panel and `variant-studio check --strict` agree finding for finding. The result
 * is kept until the next edit; the YAML files that did not change are not parsed again, and the
 * host is held one build at a time at most: an edit meanwhile stops the check, which starts
 * again once the documents have not changed for a moment.
 */
export function checkHandlers(host: HostContext): Pick<ChannelHandlers, CheckChannel> {
  let last: { sessionId: string; version: number; list: string; findings: LintFinding[]; groups: FindingGroup[] } | undefined;
  let parsed: { sessionId: string; cache: YamlParseCache } | undefined;
  /** The workspace the last check loaded: an edit of base templates only replaces them in it (as the session's snapshot does). */
  let loaded: { sessionId: string; version: number; workspace: WorkspaceSnapshot } | undefined;
  /** The counts of the builds' texts, remembered from one check to the next. */
  const tokens = new TokenCache();
  /** The check under way: one at a time, every request waits for it (its answer may be theirs). */
  let running: Promise<void> | undefined;

  /** Checks the workspace as it is now; gives up (false) when it changes meanwhile. */
  const check = async (session: WorkspaceSession, list: string, modelIds: readonly string[] | undefined): Promise<boolean> => {
    const version = session.docs.version;
    const countTokens = await tokens.sync();
    if (parsed?.sessionId !== session.id) parsed = { sessionId: session.id, cache: new YamlParseCache() };
    const source = session.docs.editedSource();
    const changed = loaded?.sessionId === session.id ? session.docs.changedSince(loaded.version) : undefined;
    const workspace =
      (loaded && changed ? withEditedFiles(loaded.workspace, changed, source, parsed.cache) : undefined) ??
      loadWorkspace(source, { parseCache: parsed.cache });
    loaded = { sessionId: session.id, version, workspace };
    // One build at a time: in between, the host answers what came meanwhile (a keystroke and its preview).
    const steps = checkWorkspaceSteps(workspace, { strict: true, countTokens, modelIds });
    const unchanged = (): boolean => host.session === session && session.docs.version === version;
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        last = { sessionId: session.id, version, list, findings: step.value, groups: groupFindings(step.value) };
        return true;
      }
      // A build's text to count (a 1 MB prompt of lines not seen before takes hundreds of ms): in slices, before the check reads it.
      if (step.value && (await tokens.countAll([step.value.counts], () => !unchanged())) === null) return false;
      await LOOP_SLICER.pause();
      if (!unchanged()) return false;
    }
  };

  return {
    'check:run': async ({ modelIds }) => {
      const list = JSON.stringify(modelIds ?? null);
      for (;;) {
        const session = host.requireSession();
        if (last?.sessionId === session.id && last.version === session.docs.version && last.list === list)
          return { findings: last.findings, groups: last.groups };
        if (running) {
          await running;
          continue;
        }
        running = (async () => {
          // Edited meanwhile: checked again once the typing pauses, on the text as it is then.
          if (!(await check(session, list, modelIds))) await quiet(session);
        })();
        try {
          await running;
        } finally {
          running = undefined;
        }
      }
    },
  };
}

/** How long the documents stay unchanged before a check given up for an edit starts again. */
const QUIET_MS = 300;

async function quiet(session: WorkspaceSession): Promise<void> {
  for (let version = session.docs.version; ; version = session.docs.version) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    if (session.docs.version === version) return;
  }
}
