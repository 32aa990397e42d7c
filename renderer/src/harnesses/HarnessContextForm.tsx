import { useId } from 'react';
import { FileTreeEditor } from '../context-form/FileTreeEditor';
import { Fieldset, JsonField, LinesField, TextField } from '../context-form/fields';
import { harnessStore, useHarnessView } from './harness-store';

/** The one repository every harness reads: working folder, machine, environment, settings, reads and the file tree. */
export function HarnessContextForm() {
  const context = useHarnessView((s) => s.context);
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
        <FileTreeEditor
          files={(context.files as Record<string, unknown> | undefined) ?? {}}
          onChange={(files) => on(['files'], files ?? {})}
          newPath={`${typeof context.cwd === 'string' ? context.cwd : '/home/user/project'}/AGENTS.md`}
        />
      </Fieldset>
    </form>
  );
}
