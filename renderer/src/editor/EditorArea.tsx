import Editor from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { monaco } from '../monaco/setup';
import { studio, useStudio, type StudioState } from '../store';
import { applyText, keyOf, modelFor, uriOf } from './models';
import { CompareTab } from '../compare/CompareTab';
import { CompareView } from '../compare/CompareView';
import { updateMarkers } from './markers';

/** The editor in use (one Monaco instance; each tab is a model). Exposed for shortcuts and tests. */
export let templateEditor: monaco.editor.IStandaloneCodeEditor | null = null;

/** What a tab shows; a string so that typing (which changes the text, not these) re-renders nothing. */
function tabSignature(s: StudioState): string {
  return JSON.stringify(s.tabs.map((k) => [k, s.docs[k]?.title, s.docs[k]?.path, s.docs[k]?.dirty]));
}

function Tabs() {
  const signature = useStudio(tabSignature);
  const active = useStudio((s) => s.activeTab);
  const tabs = JSON.parse(signature) as [string, string | undefined, string | undefined, boolean | undefined][];
  return (
    <div className="tabs" role="tablist" aria-label="Open documents" data-testid="tabs">
      {tabs.map(([key, title, path, dirty]) => {
        if (title === undefined) return null;
        const d = { title, path, dirty };
        return (
          <div key={key} className={`tab${key === active ? ' active' : ''}${d.dirty ? ' dirty' : ''}`} role="presentation">
            <button
              role="tab"
              aria-selected={key === active}
              title={d.path}
              onClick={() => (studio.getState().activateTab(key), studio.getState().hideCompare())}
              data-doc-key={key}
            >
              {d.title}
              {d.dirty && <span className="dirty-dot" aria-label="unsaved changes" />}
            </button>
            <button
              className="tab-close"
              aria-label={`Close ${d.title}`}
              title="Close"
              onClick={() => void studio.getState().closeTab(key)}
            >
              ×
            </button>
          </div>
        );
      })}
      <CompareTab />
    </div>
  );
}

function Banner() {
  const key = useStudio((s) => s.activeTab);
  const disk = useStudio((s) => (s.activeTab ? s.docs[s.activeTab]?.disk : undefined));
  const path = useStudio((s) => (s.activeTab ? s.docs[s.activeTab]?.path : undefined));
  const builtinComponentId = useStudio((s) => (s.activeTab ? s.docs[s.activeTab]?.builtinComponentId : undefined));
  const variant = useStudio((s) => s.currentVariantId);
  if (!key || path === undefined) return null;
  const doc = { disk, path, builtinComponentId };
  if (doc.disk) {
    return (
      <div className="banner warn" role="alert" data-testid="disk-banner">
        {doc.disk.text === null ? `${doc.path} was deleted on disk.` : `${doc.path} changed on disk while you had unsaved edits.`}
        {doc.disk.text !== null && (
          <button onClick={() => studio.getState().resolveDiskConflict(key, 'disk')}>Load the disk version</button>
        )}
        <button onClick={() => studio.getState().resolveDiskConflict(key, 'mine')}>Keep mine</button>
      </div>
    );
  }
  if (doc.builtinComponentId) {
    return (
      <div className="banner info">
        Default template of the built-in component {doc.builtinComponentId} (read-only).
        {variant && (
          <button onClick={() => void studio.getState().openComponentOverride(doc.builtinComponentId!)}>Override it in {variant}</button>
        )}
      </div>
    );
  }
  return null;
}

/** Options made once: a new object per render would make the wrapper call updateOptions. */
const EDITOR_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  wordWrap: 'on',
  fontSize: 13,
  scrollBeyondLastLine: false,
  renderWhitespace: 'selection',
  tabSize: 2,
  fixedOverflowWidgets: true,
  // Work Monaco would otherwise do after every keystroke, of little use in prompt text: the
  // template language's own completion opens on `{{`, `.`, `#` and space (or Ctrl+Space).
  quickSuggestions: false,
  wordBasedSuggestions: 'off',
  occurrencesHighlight: 'off',
  bracketPairColorization: { enabled: false },
  links: false,
};

export function EditorArea() {
  const activeTab = useStudio((s) => s.activeTab);
  const hasEditor = useRef(false);
  const viewStates = useRef(new Map<string, monaco.editor.ICodeEditorViewState | null>());
  const applying = useRef(false);
  const shownKey = useRef<string | null>(null);

  // Show the active document's model.
  useEffect(() => {
    const ed = templateEditor;
    if (!ed || !hasEditor.current) return;
    const prev = shownKey.current;
    if (prev) viewStates.current.set(prev, ed.saveViewState());
    const doc = activeTab ? studio.getState().docs[activeTab] : undefined;
    if (!doc) {
      ed.setModel(null);
      shownKey.current = null;
      return;
    }
    const model = modelFor(doc);
    if (model.getValue() !== doc.text) {
      applying.current = true;
      applyText(model, doc.text);
      applying.current = false;
    }
    ed.setModel(model);
    ed.updateOptions({ readOnly: doc.readOnly });
    const vs = viewStates.current.get(doc.key);
    if (vs) ed.restoreViewState(vs);
    shownKey.current = doc.key;
    updateMarkers([doc.key]);
  }, [activeTab]);

  // Changes that do not come from typing (undo, structured edits, disk) reach the models.
  useEffect(
    () =>
      studio.subscribe((s, prev) => {
        if (s.docs === prev.docs) return;
        for (const [key, d] of Object.entries(s.docs)) {
          if (prev.docs[key]?.version === d.version) continue;
          const model = monaco.editor.getModel(uriOf(key));
          if (!model || model.getValue() === d.text) continue;
          applying.current = true;
          model.pushStackElement();
          applyText(model, d.text);
          applying.current = false;
        }
      }),
    [],
  );

  // Reveal requests (jump to source from the preview, go to definition).
  const reveal = useStudio((s) => s.reveal);
  useEffect(() => {
    const ed = templateEditor;
    if (!ed || !reveal || reveal.key !== activeTab) return;
    const model = ed.getModel();
    if (!model) return;
    const pos = model.getPositionAt(Math.min(reveal.offset, model.getValueLength()));
    ed.setPosition(pos);
    ed.revealPositionInCenter(pos);
    ed.focus();
  }, [reveal, activeTab]);

  const focusRequest = useStudio((s) => s.focusRequest);
  useEffect(() => {
    if (focusRequest?.target === 'editor') templateEditor?.focus();
  }, [focusRequest]);

  const compareActive = useStudio((s) => s.compareActive);
  const compareSplit = useStudio((s) => s.compareSplit);
  // Showing a document (a tab, a jump to a line) brings the editor back in front of the compare view.
  useEffect(() => studio.getState().hideCompare(), [activeTab, reveal]);
  return (
    <section className="editor-area" aria-label="Editor">
      <Tabs />
      <Banner />
      <div className={`editor-body${compareActive ? ` with-compare${compareSplit ? ' split' : ''}` : ''}`}>
        <div className="editor-host" data-testid="template-editor">
          {!activeTab && (
            <div className="empty-editor">Open a variant, component or preset from the explorer (Ctrl+Shift+P for commands).</div>
          )}
          <Editor
            theme={document.documentElement.dataset.theme === 'dark' ? 'studio-dark' : 'studio-light'}
            options={EDITOR_OPTIONS}
            onMount={(ed) => {
              templateEditor = ed;
              hasEditor.current = true;
              ed.onDidChangeModelContent(() => {
                if (applying.current) return;
                const model = ed.getModel();
                const key = model ? keyOf(model.uri) : undefined;
                if (model && key) studio.getState().editDoc(key, model.getValue(), 'typing');
              });
              // First model, if a tab is already open.
              const key = studio.getState().activeTab;
              const doc = key ? studio.getState().docs[key] : undefined;
              if (doc) {
                const model = modelFor(doc);
                ed.setModel(model);
                ed.updateOptions({ readOnly: doc.readOnly });
                shownKey.current = doc.key;
              }
            }}
          />
        </div>
        {compareActive && <CompareView />}
      </div>
    </section>
  );
}
