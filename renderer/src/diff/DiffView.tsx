import { DiffEditor } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { monaco } from '../monaco/setup';
import { overflowWidgetOptions } from '../monaco/overflow-widgets';
import { applyText, PROMPT_LANGUAGE, rememberText, textOf } from '../monaco/models';
import { minimalEdit } from '../../../shared/engine/text/minimal-edit';
import { call } from '../store/api';
import { studio, useStudio, type StudioState } from '../store';
import { previewText } from '../store/preview-slice';
import { changedText, countLines } from './diff-stats';
import { sameBaseline } from '../store/diff-slice';
import { mark } from '../../../shared/ipc/trace';
import { promptCovered } from '../store/shown-tab';
import { frameThrottle } from '../ui/frame-throttle';
import { diffAheadOf } from '../store/prompt-ahead';
import { skipHiddenOriginalZones } from './hidden-original-zones';
import { diffSmallChangesOnThisThread } from './main-thread-diff';

diffSmallChangesOnThisThread();

/** The diff editor in use (exposed for tests and the bench). */
export let diffEditor: monaco.editor.IStandaloneDiffEditor | null = null;

let tokenTimer: ReturnType<typeof setTimeout> | undefined;

let diffRunning = false;
let diffStale = false;
/** Alternates an option Monaco's diff reads, which makes it diff again at once (see rediff). */
let flip = 0;

/**
 * Diffs the models again now. Monaco waits 200 ms after an edit before it does; a change of
 * an option its diff computation reads (the minimum line count of hidden unchanged regions,
 * which are off here) makes it diff at once, in the worker, over the same view model: the
 * last diff stays on screen until the new one replaces it, and neither editor is touched.
 * One diff at a time: results that come while one runs are diffed when it is done.
 */
let diffStartedAt = 0;
/** A diff that has not answered in this long is taken as lost (a computation Monaco dropped): the next one starts. */
const DIFF_LOST_MS = 2000;

function rediff(ed: monaco.editor.IStandaloneDiffEditor): void {
  if (diffRunning && performance.now() - diffStartedAt < DIFF_LOST_MS) {
    diffStale = true;
    return;
  }
  diffRunning = true;
  diffStartedAt = performance.now();
  diffStale = false;
  flip ^= 1;
  ed.updateOptions({ hideUnchangedRegions: { enabled: false, minimumLineCount: 3 + flip } });
}

/** Changes larger than this replace the model instead of editing it. */
const BIG_CHANGE = 4000;

/**
 * Puts the baseline and the current prompt into the diff models. Small changes (typing) are
 * minimal edits of the changed range, so both editors keep their place; a new baseline or a
 * large change gets a fresh model: Monaco patches its last diff with every edit, and patching
 * a stale diff with a large edit trips its internal consistency checks.
 */
function applyDiff(): void {
  const ed = diffEditor;
  const models = ed?.getModel();
  if (!ed || !models) return;
  const s = studio.getState();
  const p = s.preview;
  const baseline = p?.baseline.text ?? '';
  const current = diffAheadOf(s) ?? previewText(p);
  const replaceOriginal = textOf(models.original) !== baseline;
  const edit = minimalEdit(textOf(models.modified), current);
  const replaceModified = !!edit && Math.max(edit.endOld - edit.start, edit.text.length) > BIG_CHANGE;
  if (replaceOriginal || replaceModified) {
    const original = replaceOriginal ? monaco.editor.createModel(baseline, PROMPT_LANGUAGE) : models.original;
    const modified = replaceModified ? monaco.editor.createModel(current, PROMPT_LANGUAGE) : models.modified;
    diffRunning = true;
    diffStale = false;
    ed.setModel({ original, modified });
    if (replaceOriginal) rememberText(original, baseline);
    if (replaceModified) rememberText(modified, current);
    if (replaceOriginal) retire(models.original);
    if (replaceModified) retire(models.modified);
    return;
  }
  const changed = applyText(models.modified, current);
  if (changed) {
    // The worker gets the diff to do first: it computes while this thread paints the frame.
    // The text shows in that frame (Monaco renders in its animation frame: rendering it now
    // would only lay the page out once more), the diff's decorations when the worker has it.
    rediff(ed);
    const line = models.modified.getPositionAt(changed.end).lineNumber;
    ed.getModifiedEditor().revealLineInCenterIfOutsideViewport(line, monaco.editor.ScrollType.Immediate);
  }
}

/** One diff update per animation frame, however many results came meanwhile; the first of them at once. */
const diffUpdates = frameThrottle(() => {
  applyDiff();
  mark('shown:diff-models');
});

/** The diff models hold the baseline asked for and the prompt shown now. */
function diffIsCurrent(models: monaco.editor.IDiffEditorModel): boolean {
  const s = studio.getState();
  const p = s.preview;
  if (!p || p.baseline.text === null || !sameBaseline(p.baseline.spec, s.effectiveBaseline())) return false;
  return textOf(models.original) === p.baseline.text && textOf(models.modified) === (diffAheadOf(s) ?? previewText(p));
}

/** Longer than a diff may run (maxComputationTime below) plus the worker's round trip. */
const RETIRE_AFTER_MS = 5000;

/**
 * Disposes a model the diff editor no longer shows, once no diff can still be computing with
 * it: disposed at once, a diff the worker started on it fails with "no diff result available"
 * (an uncaught error), and disposed while the widget holds it, it throws "TextModel got
 * disposed before DiffEditorWidget model got reset".
 */
function retire(model: monaco.editor.ITextModel): void {
  setTimeout(() => {
    if (model.isDisposed()) return;
    if (model.isAttachedToEditor()) retire(model);
    else model.dispose();
  }, RETIRE_AFTER_MS);
}

/** Like the preview's: called by the store's first subscriber (main.tsx), so new results reach the diff before React. */
export function onPreviewForDiff(s: StudioState, prev: StudioState): void {
  // Out of sight (another tab, the compare view over the whole window) it takes no results, and catches up when it shows.
  if (!diffEditor || promptCovered(s)) return;
  // A keystroke shown ahead of its build (store/prompt-ahead.ts) goes into the diff at once too.
  const ahead = diffAheadOf(s);
  if (s.preview === prev.preview && !promptCovered(prev) && ahead === diffShownAhead) return;
  diffShownAhead = ahead;
  diffUpdates.request();
}

/** The prompt ahead of its build that the diff was last asked to show. */
let diffShownAhead: string | undefined;

/** Options made once (the layout is applied through updateOptions). */
const DIFF_OPTIONS: monaco.editor.IDiffEditorConstructionOptions & { hideOriginalLineNumbers: boolean } = {
  ...overflowWidgetOptions(),
  readOnly: true,
  originalEditable: false,
  automaticLayout: true,
  useInlineViewWhenSpaceIsLimited: false,
  wordWrap: 'on',
  diffWordWrap: 'on',
  minimap: { enabled: false },
  fontSize: 12.5,
  scrollBeyondLastLine: false,
  renderOverviewRuler: true,
  maxComputationTime: 2000,
  diffAlgorithm: 'legacy',
  renderMarginRevertIcon: false,
  // Prompts are prose: indentation guides would only cost a layout read per frame.
  guides: { indentation: false },
  hideUnchangedRegions: { enabled: false },
  // Inline, the baseline's own line numbers would be a second column beside the prompt's; the
  // original editor is then hidden (width 0), and takes no alignment zones (hidden-original-zones.ts).
  // Monaco validates this option; its typings do not list it.
  hideOriginalLineNumbers: true,
};

/**
 * Current prompt against the baseline. Monaco computes the diff in its worker; the view only
 * puts the two texts into their models (minimal edits) and reads the line changes back.
 */
export function DiffView() {
  const layout = useStudio((s) => s.diffLayout);
  const hostRef = useRef<HTMLDivElement>(null);
  const baselineError = useStudio((s) => s.preview?.baseline.error);
  const hasBaseline = useStudio((s) => s.preview?.baseline.text != null);

  useEffect(() => {
    diffEditor?.updateOptions({ renderSideBySide: layout === 'side' });
    // Monaco turns wrapping off on the hidden original side of the inline view
    // (wordWrapOverride2) and does not turn it on again for side by side: long lines of the
    // baseline would run off a narrow pane.
    if (layout === 'side') diffEditor?.getOriginalEditor().updateOptions({ wordWrapOverride2: 'inherit' });
  }, [layout]);

  useEffect(
    () => () => {
      // The wrapper keeps our models (keepCurrent*Model) and disposes only the widget when
      // it unmounts; the models go after it has let go of them (retire). Disposing them
      // first, as the wrapper does by default, threw at every diff off.
      const models = diffEditor?.getModel();
      diffUpdates.cancel();
      diffEditor = null;
      diffRunning = false;
      diffStale = false;
      if (models) {
        retire(models.original);
        retire(models.modified);
      }
    },
    [],
  );

  return (
    <div className="diff-view" ref={hostRef} data-testid="diff-editor">
      {baselineError && (
        <p className="error pad" role="alert">
          Baseline: {baselineError}
        </p>
      )}
      {!baselineError && !hasBaseline && <p className="muted pad">Building the baseline…</p>}
      <DiffEditor
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        theme={document.documentElement.dataset.theme === 'dark' ? 'studio-dark' : 'studio-light'}
        language="vs-prompt"
        options={{ ...DIFF_OPTIONS, renderSideBySide: layout === 'side' }}
        onMount={(ed) => {
          diffEditor = ed;
          skipHiddenOriginalZones(ed.getOriginalEditor(), () => studio.getState().diffLayout !== 'side');
          applyDiff();
          ed.onDidUpdateDiff(() => {
            mark('diff:computed');
            diffRunning = false;
            if (diffStale) {
              rediff(ed);
              return;
            }
            // Null until the diff of the current models is computed.
            const changes = ed.getLineChanges();
            const models = ed.getModel();
            // Paint the new decorations now rather than on the next frame.
            ed.getModifiedEditor().render();
            ed.getOriginalEditor().render();
            if (hostRef.current) {
              hostRef.current.dataset.diffVersion = String(models?.modified.getVersionId() ?? 0);
              hostRef.current.dispatchEvent(new CustomEvent('studio-diff-updated', { bubbles: true }));
            }
            // The event also fires when new models come in, before their diff is computed: the
            // figures shown stay until it is (while typing they are a keystroke old, never of
            // another baseline: choosing one clears them).
            if (!changes || !models) return;
            // A diff against anything but the baseline asked for (not built yet, or the
            // previous one) would give wrong figures: they stay pending until it is in place.
            if (!diffIsCurrent(models)) {
              studio.getState().setDiffStats(null);
              return;
            }
            const { added, removed } = countLines(changes);
            const prevStats = studio.getState().diffStats;
            studio.getState().setDiffStats({
              added,
              removed,
              addedTokens: prevStats?.addedTokens ?? null,
              removedTokens: prevStats?.removedTokens ?? null,
            });
            clearTimeout(tokenTimer);
            tokenTimer = setTimeout(async () => {
              // Not after the baseline changed meanwhile (the counts would be of the old one).
              if (!models || diffEditor !== ed || studio.getState().diffStats === null || !diffIsCurrent(models)) return;
              const now = ed.getLineChanges() ?? [];
              const t = changedText(
                now,
                (l) => models.original.getLineContent(l),
                (l) => models.modified.getLineContent(l),
              );
              const r = await call('tokens:count', { texts: [t.added, t.removed] });
              if (r && diffEditor === ed && studio.getState().diffStats !== null && diffIsCurrent(models))
                studio.getState().setDiffStats({ added, removed, addedTokens: r[0]!.o200k, removedTokens: r[1]!.o200k });
            }, 250);
          });
        }}
      />
    </div>
  );
}
