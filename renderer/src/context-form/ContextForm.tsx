import { useState } from 'react';
import { studio, useStudio } from '../store';
import { PresetSelect } from './PresetSelect';
import { getIn, type Path } from '../ui/json-path';
import { CheckField, Fieldset, JsonField, LinesField, NumberField, SelectField, TextAreaField, TextField } from '../ui/fields';
import { RepositoryRules } from './RepositoryRules';
import { StackContextForm } from './StackContextForm';

type Json = Record<string, unknown>;

function objectCheck(v: unknown): string | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? null : 'Runtime placeholders are an object: { "KEY": value, ... }';
}

/** A list of objects edited as cards (MCP servers, skills, workspace roots). */
function ListEditor({
  value,
  path,
  label,
  empty,
  make,
  render,
  onChange,
}: {
  value: Json;
  path: Path;
  label: string;
  empty: string;
  make: () => Json;
  render: (item: Json, itemPath: Path) => React.ReactNode;
  onChange(path: Path, value: unknown): void;
}) {
  const items = (getIn(value, path) as Json[] | undefined) ?? [];
  return (
    <div className="list-editor wide">
      {items.length === 0 && <p className="muted">{empty}</p>}
      {items.map((item, i) => (
        <div className="card" key={i}>
          {render(item, [...path, i])}
          <button className="small" onClick={() => onChange(path, items.length === 1 ? undefined : items.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button className="small" onClick={() => onChange(path, [...items, make()])}>
        Add {label}
      </button>
    </div>
  );
}

export function ContextForm() {
  const target = useStudio((s) => s.target);
  const context = useStudio((s) => s.context);
  const presetName = useStudio((s) => s.presetName);
  const edited = useStudio((s) => s.contextEdited);
  const error = useStudio((s) => s.contextError);
  const [saveName, setSaveName] = useState('');
  if (target?.kind === 'profile') return <StackContextForm />;

  const on = (path: Path, value: unknown): void => studio.getState().setContextField(path, value);
  const p = { value: context, onChange: on };

  return (
    <form className="context-form" aria-label="Simulated context" data-testid="context-form" onSubmit={(e) => e.preventDefault()}>
      <div className="preset-bar">
        <PresetSelect label="Preset" ariaLabel="Preset" />
        {edited && <span className="badge">edited</span>}
        {presetName && edited && (
          <button type="button" className="small" onClick={() => void studio.getState().savePreset(presetName)}>
            Save to {presetName}
          </button>
        )}
        <input
          className="small-input"
          aria-label="New preset name"
          placeholder="new-preset"
          value={saveName}
          onChange={(e) => setSaveName(e.target.value)}
        />
        <button
          type="button"
          className="small"
          disabled={!/^[A-Za-z0-9_.-]+$/.test(saveName)}
          onClick={() =>
            void studio
              .getState()
              .savePreset(saveName)
              .then((ok) => ok && setSaveName(''))
          }
        >
          Save as preset
        </button>
        <button type="button" className="small" onClick={() => void studio.getState().fillFromMachine()}>
          Fill from this machine
        </button>
      </div>
      {error && (
        <p className="error" role="alert" data-testid="context-error">
          Not applied: {error}. The preview shows the last valid context.
        </p>
      )}

      <Fieldset legend="Model and provider">
        <TextField {...p} path={['providerInfo', 'providerId']} label="Provider" placeholder="anthropic" />
        <TextField {...p} path={['providerInfo', 'model', 'id']} label="Model id" placeholder="claude-sonnet-4" />
        <NumberField {...p} path={['providerInfo', 'model', 'info', 'contextWindow']} label="Context window (tokens)" />
        <NumberField {...p} path={['providerInfo', 'model', 'info', 'maxTokens']} label="Max output tokens" />
        <SelectField
          {...p}
          path={['providerInfo', 'mode']}
          label="Mode"
          options={[
            { value: 'act', label: 'Act (does the work)' },
            { value: 'plan', label: 'Plan (discusses first)' },
          ]}
        />
        <SelectField
          {...p}
          path={['providerInfo', 'customPrompt']}
          label="Custom prompt"
          options={[{ value: 'compact', label: 'compact (for local models)' }]}
        />
      </Fieldset>

      <Fieldset legend="Machine and date">
        <TextField {...p} path={['machine', 'os']} label="Operating system" placeholder="Linux 6.1" />
        <TextField {...p} path={['machine', 'shell']} label="Shell" placeholder="/bin/bash" />
        <TextField {...p} path={['machine', 'homeDir']} label="Home folder" placeholder="/home/user" />
        <TextField {...p} path={['machine', 'platform']} label="Platform" placeholder="linux" />
        <TextField {...p} path={['date']} label="Date (YYYY-MM-DD)" placeholder="today" />
      </Fieldset>

      <Fieldset legend="Workspace">
        <TextField {...p} path={['cwd']} label="Working folder" placeholder="/home/user/project" />
        <TextField {...p} path={['ide']} label="IDE" placeholder="VS Code" />
        <CheckField {...p} path={['isMultiRootEnabled']} label="Several workspace roots" />
        <ListEditor
          {...p}
          path={['workspaceRoots']}
          label="workspace root"
          empty="No extra workspace roots."
          make={() => ({ path: '/home/user/other' })}
          render={(_item, ip) => (
            <>
              <TextField {...p} path={[...ip, 'path']} label="Path" />
              <TextField {...p} path={[...ip, 'name']} label="Name" />
              <SelectField
                {...p}
                path={[...ip, 'vcs']}
                label="Version control"
                options={[
                  { value: 'git', label: 'git' },
                  { value: 'none', label: 'none' },
                ]}
              />
            </>
          )}
        />
        <LinesField {...p} path={['editorTabs', 'open']} label="Open editor tabs (one per line)" />
        <LinesField {...p} path={['editorTabs', 'visible']} label="Visible editor tabs (one per line)" />
      </Fieldset>

      <Fieldset legend="Browser">
        <CheckField {...p} path={['supportsBrowserUse']} label="The agent can use a browser" />
        <NumberField {...p} path={['browserSettings', 'viewport', 'width']} label="Viewport width" />
        <NumberField {...p} path={['browserSettings', 'viewport', 'height']} label="Viewport height" />
      </Fieldset>

      <Fieldset legend="MCP servers">
        <ListEditor
          {...p}
          path={['mcpServers']}
          label="MCP server"
          empty="No MCP servers: the MCP sections and tools drop out."
          make={() => ({ name: 'server', status: 'connected', tools: [], resources: [], resourceTemplates: [] })}
          render={(_item, ip) => (
            <>
              <TextField {...p} path={[...ip, 'name']} label="Name" />
              <SelectField
                {...p}
                path={[...ip, 'status']}
                label="Status"
                options={['connected', 'connecting', 'disconnected'].map((v) => ({ value: v, label: v }))}
              />
              <CheckField {...p} path={[...ip, 'disabled']} label="Disabled" />
              <JsonField {...p} path={[...ip, 'tools']} label="Tools (JSON: [{ name, description, inputSchema }])" />
              <JsonField {...p} path={[...ip, 'resources']} label="Resources (JSON: [{ uri, name, mimeType, description }])" />
              <JsonField {...p} path={[...ip, 'resourceTemplates']} label="Resource templates (JSON: [{ uriTemplate, name }])" />
            </>
          )}
        />
      </Fieldset>

      <Fieldset legend="Skills">
        <ListEditor
          {...p}
          path={['skills']}
          label="skill"
          empty="No skills."
          make={() => ({ name: 'skill', description: 'What it does' })}
          render={(_item, ip) => (
            <>
              <TextField {...p} path={[...ip, 'name']} label="Name" />
              <TextField {...p} path={[...ip, 'description']} label="Description" />
              <TextField {...p} path={[...ip, 'path']} label="Path" />
            </>
          )}
        />
      </Fieldset>

      <Fieldset legend="Focus chain (task progress checklist)">
        <CheckField {...p} path={['focusChainSettings', 'enabled']} label="Focus chain on" />
        <NumberField {...p} path={['focusChainSettings', 'remindClineInterval']} label="Remind every N messages" />
      </Fieldset>

      <Fieldset legend="Rules and instructions">
        <TextAreaField {...p} path={['globalClineRulesFileInstructions']} label="Global Cline rules" />
        <TextAreaField {...p} path={['localClineRulesFileInstructions']} label="Local Cline rules (.clinerules)" />
        <TextAreaField {...p} path={['localCursorRulesFileInstructions']} label="Cursor rules file" />
        <TextAreaField {...p} path={['localCursorRulesDirInstructions']} label="Cursor rules folder" />
        <TextAreaField {...p} path={['localWindsurfRulesFileInstructions']} label="Windsurf rules" />
        <TextAreaField {...p} path={['localAgentsRulesFileInstructions']} label="AGENTS.md rules" />
        <TextAreaField {...p} path={['clineIgnoreInstructions']} label=".clineignore" />
        <TextAreaField {...p} path={['preferredLanguageInstructions']} label="Preferred language" />
        <RepositoryRules value={context} onChange={on} />
      </Fieldset>

      <Fieldset legend="Agent switches">
        <CheckField {...p} path={['yoloModeToggled']} label="YOLO: act without asking" />
        <CheckField {...p} path={['enableNativeToolCalls']} label="Native tool calls (tools as JSON, not in the prompt)" />
        <CheckField {...p} path={['enableParallelToolCalling']} label="Parallel tool calls" />
        <CheckField {...p} path={['subagentsEnabled']} label="Subagents available" />
        <CheckField {...p} path={['isSubagentRun']} label="This is a subagent run" />
        <CheckField {...p} path={['clineWebToolsEnabled']} label="Web tools" />
        <CheckField {...p} path={['isCliEnvironment']} label="Running in the CLI" />
        <SelectField
          {...p}
          path={['terminalExecutionMode']}
          label="Terminal"
          options={[
            { value: 'vscodeTerminal', label: 'Editor terminal' },
            { value: 'backgroundExec', label: 'Background execution' },
          ]}
        />
      </Fieldset>

      <Fieldset legend="Runtime placeholders">
        <JsonField
          {...p}
          path={['runtimePlaceholders']}
          label="Runtime placeholders (JSON object; they overwrite every other layer)"
          check={objectCheck}
        />
      </Fieldset>
    </form>
  );
}
