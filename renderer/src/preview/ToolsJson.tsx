import Editor from '@monaco-editor/react';
import { useDeferredValue } from 'react';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import '../monaco/setup';
import { useStudio } from '../store';

const TOOLS_OPTIONS = { readOnly: true, domReadOnly: true, automaticLayout: true, minimap: { enabled: false }, fontSize: 12.5 } as const;

/** The native tool definitions of the shown result, as JSON (a Monaco view, loaded when shown). */
export default function ToolsJson() {
  const preview = useDeferredValue(useStudio((s) => s.preview));
  const r = preview?.outcome.ok && preview.outcome.result.kind === 'variant' ? (preview.outcome.result as VariantBuildResult) : undefined;
  const json = r?.tools.native ? JSON.stringify(r.tools.native, null, 2) : null;
  if (!json) return <p className="muted pad">Native tool calls are off in this context: the tools are written into the prompt text.</p>;
  return (
    <div className="tools-json" data-testid="tools-json">
      <Editor
        value={json}
        language="javascript"
        options={TOOLS_OPTIONS}
        theme={document.documentElement.dataset.theme === 'dark' ? 'studio-dark' : 'studio-light'}
      />
    </div>
  );
}
