import { useId } from 'react';
import { FileTreeEditor } from '../ui/FileTreeEditor';
import { Fieldset, JsonField, LinesField, TextField } from '../ui/fields';
import { harnessStore, useHarnessView } from './harness-store';

/** The one repository every harness reads: working folder, machine, environment, settings, reads and the file tree. */
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

export function HarnessContextForm() {
  const context = useHarnessView((s) => s.context);
  const discovery = useHarnessView((s) => s.discovery);
  const on = harnessStore.getState().setField;
  const p = { value: context, onChange: on };
  const osId = useId();
  return (
    <form className="context-form harness-context" aria-label="Repository for every harness" onSubmit={(e) => e.preventDefault()}>
      <Fieldset legend="Machine">
        <TextField {...p} path={['cwd']} label="Working folder (absolute)" placeholder="/home/user/project" />
        <TextField {...p} path={['home']} label="Home folder" placeholder="/home/user" />
        <div className="field">
          <label htmlFor={osId}>Operating system</label>
          <select id={osId} value={typeof context.os === 'string' ? context.os : 'linux'} onChange={(e) => on(['os'], e.target.value)}>
            <option value="linux">linux</option>
            <option value="darwin">darwin</option>
            <option value="win32">win32</option>
          </select>
        </div>
        <JsonField {...p} path={['env']} label="Environment variables (JSON object)" />
        <JsonField {...p} path={['settings']} label="Agents’ settings (JSON object, keys as each spec names them)" />
        <LinesField {...p} path={['reads']} label="Files the agent reads (one absolute path per line)" />
      </Fieldset>
      <Fieldset legend="Files">
        <div className="field check wide">
          <input
            id="harness-real"
            type="checkbox"
            checked={discovery === 'real'}
            onChange={(e) => harnessStore.getState().setDiscovery(e.target.checked ? 'real' : 'virtual')}
          />
          <label htmlFor="harness-real">Read a folder on this machine (the host’s disk) instead of the tree below</label>
        </div>
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
