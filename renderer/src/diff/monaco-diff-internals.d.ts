/**
 * The few of Monaco's internal diff modules main-thread-diff.ts uses (monaco-editor 0.57.0
 * ships no typings for them): the diff editor's provider, the line diff computers and the
 * classes of their results. Kept to what is called.
 */
declare module 'monaco-editor/editor/common/diff/rangeMapping.js' {
  import type { IRange } from 'monaco-editor';
  interface InternalRange extends IRange {
    delta(lineCount: number): InternalRange;
  }
  export class LineRange {
    constructor(startLineNumber: number, endLineNumberExclusive: number);
    readonly startLineNumber: number;
    readonly endLineNumberExclusive: number;
    delta(offset: number): LineRange;
  }
  export class RangeMapping {
    constructor(originalRange: InternalRange, modifiedRange: InternalRange);
    readonly originalRange: InternalRange;
    readonly modifiedRange: InternalRange;
  }
  export class DetailedLineRangeMapping {
    constructor(original: LineRange, modified: LineRange, innerChanges: RangeMapping[] | undefined);
    readonly original: LineRange;
    readonly modified: LineRange;
    readonly innerChanges: RangeMapping[] | undefined;
  }
}

declare module 'monaco-editor/editor/common/core/ranges/lineRange.js' {
  export { LineRange } from 'monaco-editor/editor/common/diff/rangeMapping.js';
}

declare module 'monaco-editor/editor/common/diff/linesDiffComputers.js' {
  import type { DetailedLineRangeMapping } from 'monaco-editor/editor/common/diff/rangeMapping.js';
  export interface LinesDiffOptions {
    ignoreTrimWhitespace: boolean;
    maxComputationTimeMs: number;
    computeMoves: boolean;
  }
  interface LinesDiffComputer {
    computeDiff(
      originalLines: string[],
      modifiedLines: string[],
      options: LinesDiffOptions,
    ): { changes: readonly DetailedLineRangeMapping[]; hitTimeout: boolean };
  }
  export const linesDiffComputers: { getLegacy(): LinesDiffComputer; getDefault(): LinesDiffComputer };
}

declare module 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService.js' {
  import type { editor } from 'monaco-editor';
  import type { LinesDiffOptions } from 'monaco-editor/editor/common/diff/linesDiffComputers.js';
  import type { DetailedLineRangeMapping } from 'monaco-editor/editor/common/diff/rangeMapping.js';
  export interface DocumentDiff {
    identical: boolean;
    quitEarly: boolean;
    changes: readonly DetailedLineRangeMapping[];
    moves: readonly unknown[];
  }
  export class WorkerBasedDocumentDiffProvider {
    /** A name ('legacy', 'advanced', ...) or a provider of its own. */
    diffAlgorithm: string | object;
    computeDiff(
      original: editor.ITextModel,
      modified: editor.ITextModel,
      options: LinesDiffOptions,
      cancellationToken: unknown,
    ): Promise<DocumentDiff>;
  }
}
