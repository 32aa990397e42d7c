import { useId } from 'react';
import { harnessFieldUse, type HarnessContextField } from '../../../shared/harness/context-use';
import { FileTreeEditor } from '../ui/FileTreeEditor';
import { Fieldset, JsonField, LinesField, TextField } from '../ui/fields';
import { ContextUseList } from './ContextUseList';
import { harnessStore, useHarnessView } from './harness-store';

/** Real disk: each harness's global files on this machine, which the user can keep from being read. */
function GlobalSwitches() {
  const results = useHarnessView((s) => s.run?.results);
  const off = useHarnessView((s) => s.globalsOff);
  const seen = new Set<string>();
  const globals = (results ?? []).flatMap((r) => (r.globals ?? []).map((g) => ({ ...g, harness: r.name })));
  return (
    <fieldset className="wide global-locations" data-testid="harness-globals">
      <legend>Global instruction files read on this machine</legend>
      {globals
        .filter((g) => !seen.has(g.id) && seen.add(g.id))
        .map((g) => (
          <div className="field check" key={g.id}>
            <input
              id={`hglobal-${g.id}`}
              type="checkbox"
              checked={!off.includes(g.id)}
              onChange={(e) => harnessStore.getState().setGlobalOff(g.id, !e.target.checked)}
            />
            <label htmlFor={`hglobal-${g.id}`} title={g.paths.join('\n')}>
              {g.harness}: <span className="mono">{g.name}</span>
            </label>
          </div>
        ))}
      <p className="muted">Nothing else outside the chosen folder is read.</p>
    </fieldset>
  );
}

/**
 * The one repository every harness reads: where its files come from (the tree below, or a
 * folder on this machine), working folder, machine, environment, settings, reads and the file
 * tree. On a folder on this machine the fields the run does not use (home, operating system,
 * environment) are disabled with the reason, and each variable and setting says whether it
 * applies (shared/harness/context-use.ts).
 */
export function HarnessContextForm() {
  const context = useHarnessView((s) => s.context);
  const discovery = useHarnessView((s) => s.discovery);
  // The last run's account of the variables and settings, when it ran in the mode shown.
  const use = useHarnessView((s) => (s.run?.contextUse.discovery === s.discovery ? s.run.contextUse : null));
  const on = harnessStore.getState().setField;
  const p = { value: context, onChange: on };
  const osId = useId();
  const field = (name: HarnessContextField) => {
    const u = harnessFieldUse(discovery, name);
    return u.applies ? {} : { disabled: true, hint: u.reason };
  };
  const osUse = field('os');
  return (
    <form className="context-form harness-context" aria-label="Repository for every harness" onSubmit={(e) => e.preventDefault()}>
      <div className="field check wide harness-mode">
        <input
          id="harness-real"
          type="checkbox"
          checked={discovery === 'real'}
          onChange={(e) => harnessStore.getState().setDiscovery(e.target.checked ? 'real' : 'virtual')}
        />
        <label htmlFor="harness-real">Read a folder on this machine (the host’s disk) instead of the tree below</label>
      </div>
      <Fieldset legend="Machine">
        <TextField {...p} path={['cwd']} label="Working folder (absolute)" placeholder="/home/user/project" />
        <TextField {...p} {...field('home')} path={['home']} label="Home folder" placeholder="/home/user" />
        <div className="field">
          <label htmlFor={osId}>Operating system</label>
          <select
            id={osId}
            disabled={osUse.disabled}
            value={typeof context.os === 'string' ? context.os : 'linux'}
            onChange={(e) => on(['os'], e.target.value)}
          >
            <option value="linux">linux</option>
            <option value="darwin">darwin</option>
            <option value="win32">win32</option>
          </select>
          {osUse.hint && <small>{osUse.hint}</small>}
        </div>
        <JsonField {...p} {...field('env')} path={['env']} label="Environment variables (JSON object)" />
        {use && (
          <div className="field wide">
            <ContextUseList label="Variables above" testId="env-use" items={use.env} />
            <ContextUseList
              label="This machine’s variables the harnesses read"
              testId="machine-env-use"
              items={use.machineEnv.filter((v) => v.applies)}
            />
            {use.machineEnv.some((v) => !v.applies) && (
              <p className="context-use muted" data-testid="machine-env-unset">
                Read, but not set on this machine:{' '}
                {use.machineEnv
                  .filter((v) => !v.applies)
                  .map((v) => v.name)
                  .join(', ')}
              </p>
            )}
          </div>
        )}
        <JsonField {...p} path={['settings']} label="Agents’ settings (JSON object, keys as each spec names them)" />
        {use && (
          <div className="field wide">
            <ContextUseList label="Settings above" testId="settings-use" items={use.settings.map((x) => ({ ...x, name: x.key }))} />
          </div>
        )}
        <LinesField {...p} path={['reads']} label="Files the agent reads (one absolute path per line)" />
      </Fieldset>
      <Fieldset legend="Files">
        {discovery === 'real' ? (
          <>
            <div className="field wide">
              <button type="button" onClick={() => void harnessStore.getState().chooseFolder()} data-testid="harness-choose-folder">
                Choose the working folder…
              </button>{' '}
              <span className="muted">
                Only the chosen folder and the global files below are read; home and environment are this machine’s.
              </span>
            </div>
            <GlobalSwitches />
          </>
        ) : (
          <FileTreeEditor
            files={(context.files as Record<string, unknown> | undefined) ?? {}}
            onChange={(files) => on(['files'], files ?? {})}
            newPath={`${typeof context.cwd === 'string' ? context.cwd : '/home/user/project'}/AGENTS.md`}
          />
        )}
      </Fieldset>
    </form>
  );
}
