import { useState } from 'react';
import { OPENCODE_STANDARD_GLOBALS } from '../../../shared/stack/standard-globals';
import { NONE, studio, useStudio } from '../store';
import { getIn, type Path } from './context-slice';
import { PresetSelect } from './PresetSelect';
import { CheckField, Fieldset, JsonField, LinesField, TextAreaField, TextField } from './fields';

type Tree = Record<string, unknown>;

/** The virtual instruction-file tree: absolute path -> file text (or a folder). */
function FileTreeEditor({ files, onChange }: { files: Tree; onChange(files: Tree | undefined): void }) {
  const [path, setPath] = useState('/home/user/project/AGENTS.md');
  const entries = Object.entries(files).sort(([a], [b]) => a.localeCompare(b));
  const set = (p: string, v: unknown): void => {
    const next = { ...files };
    if (v === undefined) delete next[p];
    else next[p] = v;
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <div className="file-tree wide" data-testid="file-tree">
      {entries.length === 0 && <p className="muted">No files: no instruction file is found.</p>}
      <ul>
        {entries.map(([p, v]) => {
          const depth = p.split('/').length - 2;
          const isDir = typeof v === 'object' && v !== null && (v as { type?: string }).type === 'dir';
          const content = typeof v === 'string' ? v : ((v as { content?: string }).content ?? '');
          return (
            <li key={p} style={{ paddingLeft: `${Math.max(0, depth) * 8}px` }}>
              <div className="file-head">
                <span className="mono">
                  {isDir ? '▸' : '·'} {p}
                </span>
                <button className="small" aria-label={`Remove ${p}`} onClick={() => set(p, undefined)}>
                  Remove
                </button>
              </div>
              {!isDir && <textarea aria-label={`Content of ${p}`} rows={3} value={content} onChange={(e) => set(p, e.target.value)} />}
            </li>
          );
        })}
      </ul>
      <div className="row">
        <input aria-label="New file path" className="mono" value={path} onChange={(e) => setPath(e.target.value)} />
        <button className="small" disabled={!path.startsWith('/')} onClick={() => set(path, files[path] ?? '')}>
          Add file
        </button>
        <button className="small" disabled={!path.startsWith('/')} onClick={() => set(path, { type: 'dir' })}>
          Add folder
        </button>
      </div>
    </div>
  );
}

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
  const profileId = useStudio((s) => s.currentProfileId);
  const agents = useStudio((s) => s.workspace?.profiles.find((p) => p.id === s.currentProfileId)?.agents ?? NONE);
  const agent = useStudio((s) => s.currentAgent);
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
