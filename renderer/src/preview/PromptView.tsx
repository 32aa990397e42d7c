import Editor from '@monaco-editor/react';
import { useEffect } from 'react';
import { monaco } from '../monaco/setup';
import { overflowWidgetOptions } from '../monaco/overflow-widgets';
import { applyText, PROMPT_LANGUAGE, textOf } from '../monaco/models';
import { studio, useStudio, type StudioState } from '../store';
import { jumpAt } from '../store/outline';
import { jumpToSource } from './jump';
import { previewText } from '../store/preview-slice';
import { mark } from '../../../shared/ipc/trace';
import { promptCovered } from '../store/shown-tab';
import { builtAheadOf, promptAheadEditOf, promptAheadOf } from '../store/prompt-ahead';
import type { MinimalEdit } from '../../../shared/engine/text/minimal-edit';

/** The read-only preview editor (exposed for outline clicks and focus). */
export let promptEditor: monaco.editor.IStandaloneCodeEditor | null = null;

const PREVIEW_URI = monaco.Uri.from({ scheme: 'studio-preview', path: '/prompt' });

function previewModel(): monaco.editor.ITextModel {
  return (
    monaco.editor.getModel(PREVIEW_URI) ?? monaco.editor.createModel(previewText(studio.getState().preview), PROMPT_LANGUAGE, PREVIEW_URI)
  );
}

/**
 * Applies a new result to the preview: one minimal edit, the changed line scrolled into
 * view, and (`now`) a synchronous render — the change is on screen in the same task that
 * received the result, without waiting for the next animation frame. Otherwise Monaco renders
 * it in that frame, with the rest of the page's layout.
 */
export function showPreviewText(
  ed: monaco.editor.IStandaloneCodeEditor,
  text: string,
  now = true,
  madeFrom?: { text: string; edit: MinimalEdit },
): void {
  const model = ed.getModel();
  if (!model) return;
  const changed = applyText(model, text, madeFrom);
  if (changed) {
    // Where the text starts to differ: after another variant, preset or workspace that is where
    // its own text begins (the end of such a change is near the bottom of the prompt).
    const line = model.getPositionAt(changed.start).lineNumber;
    ed.revealLineInCenterIfOutsideViewport(line, monaco.editor.ScrollType.Immediate);
  }
  if (now) ed.render();
}

function goToSourceAt(offset: number): void {
  const p = studio.getState().preview;
  if (!p?.outcome.ok) return;
  void jumpToSource(jumpAt(p.outcome.result, offset));
}

/** Options made once: a new object per render would make the wrapper call updateOptions. */
const PROMPT_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  ...overflowWidgetOptions(),
  readOnly: true,
  domReadOnly: true,
  automaticLayout: true,
  minimap: { enabled: false },
  wordWrap: 'on',
  fontSize: 12.5,
  scrollBeyondLastLine: false,
  lineNumbers: 'on',
  folding: false,
  renderLineHighlight: 'line',
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  matchBrackets: 'never',
  guides: { indentation: false },
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false },
  stickyScroll: { enabled: false },
  bracketPairColorization: { enabled: false },
  links: false,
  renderWhitespace: 'none',
  ariaLabel: 'Final prompt (read-only). Ctrl+click or F12 on a line opens its source.',
};

export function PromptView() {
  const focusRequest = useStudio((s) => s.focusRequest);
  useEffect(() => {
    if (focusRequest?.target === 'preview') promptEditor?.focus();
  }, [focusRequest]);

  return (
    <div className="prompt-view" data-testid="preview-editor">
      <Editor
        theme={document.documentElement.dataset.theme === 'dark' ? 'studio-dark' : 'studio-light'}
        options={PROMPT_OPTIONS}
        onMount={(ed) => {
          promptEditor = ed;
          const model = previewModel();
          ed.setModel(model);
          shownAhead = undefined;
          dropWaiting();
          showPreviewText(ed, previewText(studio.getState().preview));
          ed.onMouseDown((e) => {
            const pos = e.target.position;
            if (!pos) return;
            const gutter = e.target.type === monaco.editor.MouseTargetType.GUTTER_LINE_NUMBERS;
            if (gutter || e.event.ctrlKey || e.event.metaKey) goToSourceAt(model.getOffsetAt(pos));
          });
          ed.addAction({
            id: 'studio.goToSource',
            label: 'Go to the source of this line',
            keybindings: [monaco.KeyCode.F12, monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
            contextMenuGroupId: 'navigation',
            run: (editor) => {
              const p = editor.getPosition();
              if (p) goToSourceAt(model.getOffsetAt(p));
            },
          });
        }}
      />
    </div>
  );
}

/**
 * Puts every new result into the preview editor. Called by the store's first subscriber
 * (main.tsx, subscribed before React mounts), so it runs first when a result arrives: the
 * preview is painted before any React view re-renders.
 */
export function onPreviewForEditor(s: StudioState, prev: StudioState): void {
  if (!promptEditor || promptCovered(s)) {
    // Out of sight it takes nothing: it catches up when it shows again.
    dropWaiting();
    return;
  }
  // Keystrokes in the template shown before their build comes, when the prompt they make is certain.
  const ahead = promptAheadOf(s);
  const keystroke = s.preview === prev.preview && !promptCovered(prev);
  // Beside the compare view the columns are what is watched: a keystroke's prompt is shown
  // with the columns' next result, in the frame they are painted in, rather than render this
  // editor in the keystroke's own frame and hold that result back behind it.
  if (waiting && s.compareResult !== prev.compareResult) waitingFrame ||= requestAnimationFrame(() => showWaiting(true));
  if (keystroke && ahead === (waiting?.text ?? shownAhead)) return;
  if (keystroke && ahead !== undefined && s.compareActive) {
    waiting = { text: ahead, madeFrom: promptAheadEditOf(s) };
    // No result of the columns is on its way (none shows this template): not kept waiting for long.
    waitingTimer ??= setTimeout(() => showWaiting(), LONGEST_WAIT_MS);
    return;
  }
  showWaiting();
  const was = shownAhead;
  shownAhead = ahead;
  // The build of the prompt shown ahead came: the editor holds its text already.
  const model = promptEditor.getModel();
  if (ahead === undefined && was !== undefined && was === builtAheadOf(s) && model && textOf(model) === was) {
    mark('shown:preview');
    return;
  }
  // Beside the compare view, it renders in the frame with the columns rather than lay the page
  // out once more in this task.
  const now = !s.compareActive;
  if (ahead !== undefined) showPreviewText(promptEditor, ahead, now, promptAheadEditOf(s));
  else showPreviewText(promptEditor, previewText(s.preview), now);
  mark(keystroke && ahead !== undefined ? 'shown:preview-ahead' : 'shown:preview');
}

/** The prompt shown ahead of its build, if that is what the preview shows. */
let shownAhead: string | undefined;

/** A keystroke's prompt beside the compare view, waiting for the columns' result (see onPreviewForEditor). */
let waiting: { text: string; madeFrom: { text: string; edit: MinimalEdit } | undefined } | undefined;
let waitingTimer: ReturnType<typeof setTimeout> | undefined;
/** The longest a keystroke's prompt waits for the columns: a few frames. */
const LONGEST_WAIT_MS = 50;

let waitingFrame = 0;

function dropWaiting(): void {
  if (waitingTimer !== undefined) clearTimeout(waitingTimer);
  if (waitingFrame) cancelAnimationFrame(waitingFrame);
  waitingTimer = undefined;
  waitingFrame = 0;
  waiting = undefined;
}

/** Shows the waiting prompt, if any: rendered at once (`now`, in an animation frame), else in the next frame. */
function showWaiting(now = false): void {
  const w = waiting;
  dropWaiting();
  if (!w || !promptEditor) return;
  showPreviewText(promptEditor, w.text, now, w.madeFrom);
  shownAhead = w.text;
  mark('shown:preview-ahead');
}

/** Scrolls the preview to an offset and selects the range. */
export function revealInPreview(start: number, end: number): void {
  const ed = promptEditor;
  const model = ed?.getModel();
  if (!ed || !model) return;
  const a = model.getPositionAt(start);
  const b = model.getPositionAt(end);
  ed.setSelection(monaco.Range.fromPositions(a, b));
  ed.revealLineNearTop(a.lineNumber, monaco.editor.ScrollType.Smooth);
}
