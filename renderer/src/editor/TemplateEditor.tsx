import Editor from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { monaco } from '../monaco/setup';
import { overflowWidgetOptions } from '../monaco/overflow-widgets';
import { studio, useStudio } from '../store';
import { setEditorActionRunner } from './editor-actions';
import { changeSplices } from './change-splices';
import { editKindOf } from './edit-kind';
import { updateMarkers } from './markers';
import { applyText, holdsTextAsSet, keyOf, modelFor, setFrom, uriOf } from '../monaco/models';
import { mark } from '../../../shared/ipc/trace';

/** The editor in use (one Monaco instance; each tab is a model). Exposed for shortcuts and tests. */
export let templateEditor: monaco.editor.IStandaloneCodeEditor | null = null;

/** Options made once: a new object per render would make the wrapper call updateOptions. */
const EDITOR_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  wordWrap: 'on',
  fontSize: 13,
  scrollBeyondLastLine: false,
  renderWhitespace: 'selection',
  tabSize: 2,
  ...overflowWidgetOptions(),
  // Work Monaco would otherwise do after every keystroke, of little use in prompt text: the
  // template language's own completion opens on `{{`, `.`, `#` and space (or Ctrl+Space).
  quickSuggestions: false,
  wordBasedSuggestions: 'off',
  occurrencesHighlight: 'off',
  bracketPairColorization: { enabled: false },
  links: false,
};

/** The Monaco part of the editor area, loaded after the app's first paint (it is most of the download). */
export default function TemplateEditor() {
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

  return (
    <Editor
      theme={document.documentElement.dataset.theme === 'dark' ? 'studio-dark' : 'studio-light'}
      options={EDITOR_OPTIONS}
      onMount={(ed) => {
        templateEditor = ed;
        hasEditor.current = true;
        setEditorActionRunner((id) => {
          ed.focus();
          void ed.getAction(id)?.run();
        });
        ed.onDidChangeModelContent((e) => {
          if (applying.current) return;
          mark('edit');
          const model = ed.getModel();
          const key = model ? keyOf(model.uri) : undefined;
          const doc = key ? studio.getState().docs[key] : undefined;
          if (!model || !key || !doc) return;
          // What changed, when it applies to the store's text: the cost of a keystroke does not grow with the document.
          const splices = changeSplices(model, e, doc, holdsTextAsSet(model));
          if (splices) studio.getState().spliceDoc(key, splices, editKindOf(e.changes));
          else {
            studio.getState().editDoc(key, model.getValue(), editKindOf(e.changes));
            setFrom(model);
          }
        });
        // First model, if a tab is already open.
        const key = studio.getState().activeTab;
        const doc = key ? studio.getState().docs[key] : undefined;
        if (doc) {
          const model = modelFor(doc);
          ed.setModel(model);
          ed.updateOptions({ readOnly: doc.readOnly });
          shownKey.current = doc.key;
          updateMarkers([doc.key]);
        }
      }}
    />
  );
}
