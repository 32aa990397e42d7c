import type { editor } from 'monaco-editor';
import {
  WorkerBasedDocumentDiffProvider,
  type DocumentDiff,
} from 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService.js';
import { textOf } from '../monaco/models';
import { diffAfterEdit, type KnownDiff, type TextLines } from './diff-after-edit';
import { smallChangeDiff } from './small-change-diff';

let installed = false;

function linesOf(model: editor.ITextModel): TextLines {
  return {
    count: model.getLineCount(),
    lines: (start, end) => Array.from({ length: end - start }, (_, i) => model.getLineContent(start + i)),
    lineAt: (offset) => model.getPositionAt(offset).lineNumber,
  };
}

/** The last diff each diff editor's provider answered, and the options it was made with. */
const lastDiffs = new WeakMap<object, KnownDiff & { options: string }>();

/**
 * A keystroke changes a line or two of the prompt, yet Monaco's diff editor sends every diff to
 * its worker: the answer waits for the worker's turn and then for this thread's, behind the
 * keystroke's own frame (20-45 ms for a 200 KB prompt, where the diff itself takes 3-6 ms).
 * Once this ran, a diff editor diffs here, in the frame of the keystroke, two models that differ
 * in a few lines (small-change-diff.ts), or whose last diff an edit changed in a few lines
 * (diff-after-edit.ts: edits in two places far apart); anything larger still goes to the worker.
 * Monaco has no option for it: its diff provider's method is wrapped (monaco-editor 0.57.0;
 * monaco-diff-internals.d.ts names what is used).
 */
export function diffSmallChangesOnThisThread(): void {
  if (installed) return;
  installed = true;
  const inWorker = WorkerBasedDocumentDiffProvider.prototype.computeDiff;
  WorkerBasedDocumentDiffProvider.prototype.computeDiff = function (original, modified, options, cancellationToken) {
    const algorithm = this.diffAlgorithm;
    const eligible =
      typeof algorithm === 'string' &&
      !original.isDisposed() &&
      !modified.isDisposed() &&
      original.getEOL() === '\n' &&
      modified.getEOL() === '\n';
    if (!eligible) return inWorker.call(this, original, modified, options, cancellationToken);
    const from = textOf(original);
    const to = textOf(modified);
    const optionsKey = JSON.stringify(options);
    // Lines are counted by '\n' there: a lone '\r' (a line break to Monaco) would miscount them.
    const plain = !to.includes('\r');
    const remember = (diff: DocumentDiff): DocumentDiff => {
      if (!diff.quitEarly && plain) lastDiffs.set(this, { original: from, modified: to, changes: diff.changes, options: optionsKey });
      return diff;
    };
    const here = smallChangeDiff(from, to, options, algorithm, (offset) => original.getPositionAt(offset).lineNumber - 1);
    if (here) return Promise.resolve(remember(here));
    const last = lastDiffs.get(this);
    if (plain && last && last.options === optionsKey && last.original === from) {
      const changes = diffAfterEdit(last, to, linesOf(original), linesOf(modified), options, algorithm);
      if (changes) return Promise.resolve(remember({ identical: false, quitEarly: false, changes, moves: [] }));
    }
    return inWorker.call(this, original, modified, options, cancellationToken).then(remember);
  };
}
