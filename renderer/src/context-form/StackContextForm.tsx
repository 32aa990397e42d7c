import { OPENCODE_STANDARD_GLOBALS } from '../../../shared/stack/standard-globals';
import { NONE, studio, useStudio } from '../store';
import { focusAgent, focusProfileId } from '../store/focus';
import { getIn, type Path } from '../ui/json-path';
import { PresetSelect } from './PresetSelect';
import { CheckField, Fieldset, JsonField, LinesField, TextAreaField, TextField } from '../ui/fields';
import { FileTreeEditor } from '../ui/FileTreeEditor';

type Tree = Record<string, unknown>;

/** The machine's standard global instruction files, each of which the user can keep from being read. */
function GlobalLocationSwitches() {
  const off = useStudio((s) => s.stackGlobalsOff);
  return (
    <fieldset className="wide global-locations" data-testid="global-locations">
      <legend>Global instruction files read on this machine</legend>
      {OPENCODE_STANDARD_GLOBALS.map((g) => (
        <div className="field check" key={g.id}>
          <input
            id={`global-${g.id}`}
            type="checkbox"
            checked={!off.includes(g.id)}
            onChange={(e) => studio.getState().setStackGlobalOff(g.id, !e.target.checked)}
          />
          <label htmlFor={`global-${g.id}`} className="mono">
            {g.name}
          </label>
        </div>
      ))}
      <p className="muted">Nothing else outside the chosen folder is read.</p>
    </fieldset>
  );
}

export function StackContextForm() {
  const ctx = useStudio((s) => s.stackContext);
  const profileId = useStudio(focusProfileId);
  const agents = useStudio((s) => s.workspace?.profiles.find((p) => p.id === focusProfileId(s))?.agents ?? NONE);
  const agent = useStudio(focusAgent);
  const discovery = useStudio((s) => s.stackDiscovery);
  const on = (path: Path, value: unknown): void => studio.getState().setStackField(path, value);
  const p = { value: ctx, onChange: on };
  return (
    <form className="context-form" aria-label="Stack context" data-testid="stack-context-form" onSubmit={(e) => e.preventDefault()}>
      <div className="preset-bar">
        <PresetSelect label="Stack preset" ariaLabel="Stack preset" />
      </div>
      <Fieldset legend={`Agent of ${profileId ?? 'the profile'}`}>
        <div className="field">
          <label htmlFor="stack-agent">Agent answering</label>
          <select
            id="stack-agent"
            value={agent ?? ''}
            onChange={(e) => {
              const a = e.target.value || null;
              if (profileId) void studio.getState().selectProfile(profileId, a);
            }}
          >
            <option value="">(profile default)</option>
            {agents.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <TextField {...p} path={['previousAgent']} label="Agent of the previous message" />
        <TextField {...p} path={['providerId']} label="Provider" placeholder="anthropic" />
        <TextField {...p} path={['modelId']} label="Model id" placeholder="claude-sonnet-4-5" />
      </Fieldset>
      <Fieldset legend="Message">
        <TextAreaField {...p} path={['userSystem']} label="The user message's own system text (appended last)" />
        <TextAreaField {...p} path={['userMessage']} label="User message" />
      </Fieldset>
      <Fieldset legend="Machine">
        <TextField {...p} path={['cwd']} label="Working folder (absolute)" placeholder="/home/user/project" />
        <TextField {...p} path={['worktreeRoot']} label="Git worktree root" placeholder="found from .git" />
        <CheckField {...p} path={['isGitRepo']} label="In a git repository" />
        <TextField {...p} path={['platform']} label="Platform" placeholder="linux" />
        <TextField {...p} path={['date']} label="Date (YYYY-MM-DD)" placeholder="2026-01-01" />
        <TextField {...p} path={['homeDir']} label="Home folder" placeholder="/home/user" />
        <TextField {...p} path={['configDir']} label="Config folder" placeholder="~/.config" />
        <JsonField {...p} path={['env']} label="Environment variables (JSON object)" />
        <LinesField {...p} path={['instructions']} label="Configured instructions (paths, globs, URLs; one per line)" />
      </Fieldset>
      <Fieldset legend="Instruction files">
        <div className="field check wide">
          <input
            id="stack-real"
            type="checkbox"
            checked={discovery === 'real'}
            onChange={(e) => studio.getState().setStackDiscovery(e.target.checked ? 'real' : 'virtual')}
          />
          <label htmlFor="stack-real">
            Read the real folders at and above the working folder (on the machine running the host) instead of the tree below
          </label>
        </div>
        {discovery === 'real' && (
          <div className="field wide">
            <button type="button" onClick={() => void studio.getState().chooseWorkingFolder()} data-testid="choose-working-folder">
              Choose the working folder…
            </button>{' '}
            <span className="muted">
              Only a folder chosen here is read, and the global files below; what is skipped is listed with the reason.
            </span>
          </div>
        )}
        {discovery === 'real' && <GlobalLocationSwitches />}
        {discovery === 'virtual' && (
          <FileTreeEditor files={(getIn(ctx, ['files']) as Tree | undefined) ?? {}} onChange={(f) => on(['files'], f)} />
        )}
      </Fieldset>
    </form>
  );
}
