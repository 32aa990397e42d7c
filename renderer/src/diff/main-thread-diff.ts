import { WorkerBasedDocumentDiffProvider } from 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService.js';
import { textOf } from '../monaco/models';
import { smallChangeDiff } from './small-change-diff';

let installed = false;

/**
 * A keystroke changes a line or two of the prompt, yet Monaco's diff editor sends every diff to
 * its worker: the answer waits for the worker's turn and then for this thread's, behind the
 * keystroke's own frame (20-45 ms for a 200 KB prompt, where the diff itself takes 3-6 ms).
 * Once this ran, a diff editor diffs two models that differ in a few lines here, in the frame
 * of the keystroke (small-change-diff.ts: the same computer, on those lines only); anything
 * larger still goes to the worker. Monaco has no option for it: its diff provider's method is
 * wrapped (monaco-editor 0.57.0; monaco-diff-internals.d.ts names what is used).
 */
export function diffSmallChangesOnThisThread(): void {
  if (installed) return;
  installed = true;
  const inWorker = WorkerBasedDocumentDiffProvider.prototype.computeDiff;
  WorkerBasedDocumentDiffProvider.prototype.computeDiff = function (original, modified, options, cancellationToken) {
    const algorithm = this.diffAlgorithm;
    if (
      typeof algorithm === 'string' &&
      !original.isDisposed() &&
      !modified.isDisposed() &&
      original.getEOL() === '\n' &&
      modified.getEOL() === '\n'
    ) {
      const here = smallChangeDiff(
        textOf(original),
        textOf(modified),
        options,
        algorithm,
        (offset) => original.getPositionAt(offset).lineNumber - 1,
      );
      if (here) return Promise.resolve(here);
    }
    return inWorker.call(this, original, modified, options, cancellationToken);
  };
}
