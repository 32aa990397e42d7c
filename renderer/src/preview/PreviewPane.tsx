import { lazy, Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import type { BuildWarning, VariantBuildResult } from '../../../shared/engine/build/build-result';
import { formatCount } from '../ui/format';
import { countLines } from '../../../shared/engine/text/line-count';
import { ContextWindowNotice } from '../ui/ContextWindowNotice';
import { useCommitMark } from '../ui/commit-mark';
import { monacoReady } from '../monaco/ready';
import { plainMessage } from '../ui/plain-message';
import { openAt } from '../store/open-at';
import { NONE, studio, useStudio, type StudioState } from '../store';
import { describeFocus, sameTarget } from '../store/focus';
import { InstructionFiles } from './InstructionFiles';
import { jumpToSource } from './jump';
import { outlineOf, previewText, stackResultOf, variantResultOf, type PreviewTab } from '../store/preview-slice';
import { PlainText } from '../ui/PlainText';
import { entryChars } from '../store/outline';
import { keptCounts } from '../store/kept-counts';
import { hasNativeTools, shownPreviewTab } from '../store/shown-tab';

/** The Monaco views come in their own chunks, after the app's first paint. */
const PromptView = lazy(() => monacoReady().then(() => import('./PromptView').then((m) => ({ default: m.PromptView }))));
const ToolsJson = lazy(() => monacoReady().then(() => import('./ToolsJson')));

/** The prompt's text until the preview editor is there. */
function PreviewFallback() {
  const text = useStudio((s) => previewText(s.preview));
  if (!text) return <p className="muted pad">Loading the preview…</p>;
  return <PlainText text={text} testId="preview-plain-text" label="Prompt preview (the editor is loading)" />;
}

/** Families whose tokenizer is public (OpenAI's); for the others the counts are estimates. */
export function tokensAreEstimates(family: string | undefined, modelId?: string): boolean {
  const f = `${family ?? ''} ${modelId ?? ''}`.toLowerCase();
  return !/(gpt|o1|o3|o4|openai)/.test(f);
}

function fmt(n: number | undefined | null): string {
  return n === undefined || n === null ? '…' : formatCount(n);
}

/** The lines of the last text counted: Sizes renders twice per result (its deferred value), and a megabyte prompt has tens of thousands. */
let counted: { text: string; lines: number } | undefined;

function lineCount(text: string): number {
  if (counted?.text !== text) counted = { text, lines: countLines(text) };
  return counted.lines;
}

function Sizes() {
  const preview = useDeferredValue(useStudio((s) => s.preview));
  const tokens = useStudio((s) => s.tokens);
  const diffOn = useStudio((s) => s.diffOn);
  const stats = useStudio((s) => s.diffStats);
  useCommitMark('commit:preview', preview);
  if (!preview?.outcome.ok) return null;
  const r = preview.outcome.result;
  const text = r.text;
  const family = r.kind === 'variant' ? (r as VariantBuildResult).family : undefined;
  // Counts come a moment after each result (the host counts them off the typing path): show the latest.
  const t = tokens;
  // The family's tokenizer is not public, or the host estimated part of a text too long to count exactly.
  const estimate = tokensAreEstimates(family, r.kind === 'stack' ? String(r.modelId ?? '') : undefined) || t?.text.estimated === true;
  // A variant build counts its lines (its sizes): a megabyte prompt is not scanned again here.
  const sizes = r.kind === 'variant' ? (r as VariantBuildResult).sizes : undefined;
  const lines = sizes && sizes.chars === text.length && Number.isInteger(sizes.lines) ? sizes.lines : lineCount(text);
  return (
    <div className="sizes" data-testid="sizes">
      <span title="characters">{fmt(text.length)} chars</span>
      <span>{fmt(lines)} lines</span>
      <span
        title={
          t?.text.estimated
            ? 'An estimate: long runs without a break are counted from their start'
            : estimate
              ? 'An estimate: this family’s own tokenizer is not public'
              : 'OpenAI tokenizers'
        }
      >
        {estimate ? '≈' : ''}
        {fmt(t?.text.o200k)} o200k · {estimate ? '≈' : ''}
        {fmt(t?.text.cl100k)} cl100k
      </span>
      {diffOn &&
        (stats ? (
          <span className="diff-counts" data-testid="diff-counts">
            <span className="added">+{fmt(stats.added)} lines</span> <span className="removed">−{fmt(stats.removed)} lines</span>{' '}
            <span className="added">+{fmt(stats.addedTokens)} tok</span> <span className="removed">−{fmt(stats.removedTokens)} tok</span>
            {t?.baseline && <span className="muted"> (baseline {fmt(t.baseline.o200k)} tok)</span>}
          </span>
        ) : (
          // Until the diff against the chosen baseline is computed: no figures rather than wrong ones.
          <span className="diff-counts pending muted" data-testid="diff-counts" aria-busy="true">
            comparing…
          </span>
        ))}
    </div>
  );
}

/** What the outline shows, as a string: equal strings re-render nothing. */
export function outlineSignature(s: StudioState): string {
  const entries = outlineOf(s.preview);
  const counts = s.outlineTokens && s.outlineTokens.seq === s.preview?.seq ? s.outlineTokens.counts : null;
  // A component the prompt holds once: the host's section size (sectionSizes, the number every
  // other view shows); else the entry's own pieces, counted the same way.
  const sizes = s.tokens?.seq === s.preview?.seq ? s.tokens?.sections : undefined;
  const byKey = new Map(sizes?.filter((z) => z.uses === 1).map((z) => [z.key, z]));
  return JSON.stringify(
    entries.map((e, i) => {
      const size = e.componentId !== undefined ? byKey.get(e.componentId) : undefined;
      const chars = size ? size.chars : entryChars(e);
      const counted = size?.tokens ?? (counts ? (counts[i] ?? null) : null);
      return [e.label, e.detail, chars, entryCount(`${e.label}\u0000${e.detail}`, chars, counted) ?? null];
    }),
  );
}

/** Each outline entry's last count, shown while the next result's counts are coming and its size is the same. */
const entryCount = keptCounts();

function Outline() {
  const signature = useStudio(outlineSignature);
  const entries = useMemo(() => JSON.parse(signature) as [string, string, number, number | null][], [signature]);
  return (
    <ol className="outline" aria-label="Sections of the prompt" data-testid="outline">
      {entries.map(([label, detail, chars, tokens], i) => (
        <li key={i}>
          <button
            className="outline-entry"
            data-label={label}
            title={`${detail}\nClick: show it in the prompt and open its source.`}
            onClick={() => {
              // Offsets move with every keystroke: read them from the result shown now.
              const e = outlineOf(studio.getState().preview)[i];
              if (!e) return;
              void import('./PromptView').then((m) => m.revealInPreview(e.start, e.end));
              void jumpToSource(e.jump);
            }}
          >
            <span className="label">{label}</span>
            <span className="detail">{detail}</span>
            <span className="size">
              {formatCount(chars)} ch{tokens !== null ? ` · ${formatCount(tokens)} tok` : ''}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function Warnings() {
  const preview = useDeferredValue(useStudio((s) => s.preview));
  const problems = useStudio((s) => s.workspace?.problems ?? NONE);
  if (!preview) return null;
  if (!preview.outcome.ok) return null;
  const r = preview.outcome.result;
  const warnings = (
    r.kind === 'variant' ? (r as VariantBuildResult).warnings : ((r.warnings as { code?: string; message: string }[] | undefined) ?? [])
  ) as Partial<BuildWarning>[];
  return (
    <div className="warnings" data-testid="warnings">
      {warnings.length === 0 && problems.length === 0 && <p className="muted pad">No warnings.</p>}
      <ul>
        {warnings.map((w, i) => (
          <li key={i} className={`warning ${w.severity ?? 'warning'}`}>
            <button
              className="link"
              onClick={() => {
                const vid = r.kind === 'variant' ? (r as VariantBuildResult).variantId : null;
                if (w.componentId) void studio.getState().openComponentSource(w.componentId);
                else if (w.templateOffset !== undefined && vid)
                  void studio.getState().openDoc({ kind: 'variant-template', variantId: vid }, { offset: w.templateOffset });
              }}
            >
              <span className="code">{w.code}</span> {w.message}
              {w.detail && <span className="muted"> — {w.detail}</span>}
            </button>
          </li>
        ))}
        {problems.map((p, i) => (
          <li key={`p${i}`} className={`warning ${p.severity}`}>
            <span className="code">FILE</span> {p.file}
            {p.line ? `:${p.line}` : ''}: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The error problems of the files the target builds from (all of them for the selected variant). */
function targetProblems(s: StudioState): string {
  const t = s.target;
  const prefix = t?.kind === 'variant' ? `variants/${t.variantId}/` : t?.kind === 'profile' ? `profiles/${t.profileId}/` : 'variants/';
  const problems = (s.workspace?.problems ?? []).filter((p) => p.severity === 'error' && p.file.startsWith(prefix));
  return JSON.stringify(
    problems.map((p) => [p.file, p.line ?? null, p.column ?? null, p.path ? `${p.message} (at ${p.path})` : p.message]),
  );
}

/**
 * Why the prompt did not build: the file, line and column of each problem of the target's
 * files (click to go there) and the schema's message, else the build's own message. While the
 * last good prompt is kept (typing broke a file), it says so; one banner, updated in place.
 */
function BuildProblem() {
  const failure = useStudio((s) => s.previewStale?.error ?? (s.preview && !s.preview.outcome.ok ? s.preview.outcome.error : null));
  const stale = useStudio((s) => s.previewStale !== null);
  const signature = useStudio(targetProblems);
  const problems = useMemo(() => JSON.parse(signature) as [string, number | null, number | null, string][], [signature]);
  if (failure === null) return null;
  return (
    <div className={`build-problem error pad${stale ? ' stale' : ''}`} role="alert" data-testid="build-error">
      <strong>{stale ? 'Not built — showing the last prompt that built. ' : 'Build failed. '}</strong>
      {problems.length > 0 ? (
        <ul>
          {problems.map(([file, line, column, message]) => (
            <li key={`${file}:${line}:${column}:${message}`}>
              <button className="link" onClick={() => void openAt(file, line ?? undefined, column ?? undefined)}>
                {file}
                {line !== null ? `:${line}${column !== null ? `:${column}` : ''}` : ''}
              </button>
              : {message}
            </li>
          ))}
        </ul>
      ) : (
        plainMessage(failure)
      )}
    </div>
  );
}

/** What other features put into the preview (app/ composes them). */
export interface PreviewParts {
  /** Actions on the prompt shown (copy it, copy it as a request). */
  actions?: ReactNode;
  /** The diff switch and its baseline, in the header. */
  diffControls?: ReactNode;
  /** Under the sizes: the token budgets of the variant shown. */
  budgets?: ReactNode;
  /** What the prompt tab shows while the diff is on. */
  diffView?: ReactNode;
  /** The Run tab: the request shown, sent to a model (no tab without it). */
  run?: ReactNode;
}

export function PreviewPane({ actions, diffControls, budgets, diffView, run }: PreviewParts) {
  const diffOn = useStudio((s) => s.diffOn);
  const stale = useStudio((s) => s.previewStale !== null);
  const builtVariant = useStudio((s) => variantResultOf(s.preview)?.variantId ?? null);
  const target = useStudio((s) => s.target);
  const warningsCount = useStudio((s) => {
    const p = s.preview;
    if (!p?.outcome.ok) return 0;
    const w = (p.outcome.result as { warnings?: unknown[] }).warnings;
    return (w?.length ?? 0) + (s.workspace?.problems.length ?? 0);
  });
  const native = useStudio(hasNativeTools);
  // Stack builds only: how many instruction files were used (-1: not a stack build, no tab).
  const instructionsUsed = useStudio((s) => stackResultOf(s.preview)?.instructions.sources.filter((x) => x.status === 'used').length ?? -1);
  const stack = instructionsUsed >= 0;
  const tabs: [PreviewTab, string][] = [
    ['prompt', diffOn ? 'Diff' : 'Prompt'],
    ['warnings', `Warnings${warningsCount ? ` (${warningsCount})` : ''}`],
    ...(native ? ([['tools', 'Tools JSON']] as [PreviewTab, string][]) : []),
    ...(stack ? ([['instructions', `Instruction files (${instructionsUsed} used)`]] as [PreviewTab, string][]) : []),
    ...(run ? ([['run', 'Run']] as [PreviewTab, string][]) : []),
  ];
  // What is rendered, by name (store/focus.ts), and why when the open file is not its own.
  const label = useStudio((s) => describeFocus(s).label);
  const shared = useStudio((s) => describeFocus(s).shared);
  // The focus moved and the build of the new target has not come yet: the prompt shown is the previous one.
  const pending = useStudio((s) => !!s.preview && !!s.target && !sameTarget(s.preview.target, s.target));
  const contextWindow = useStudio((s) => s.tokens?.contextWindow);
  const current = useStudio((s) => shownPreviewTab(s, !!run));
  // Shown again after the host built nothing for it (store/preview-shown.ts): nothing of the old result shows until the new one is in.
  const behind = useStudio((s) => s.previewBehind);
  return (
    <section className={`preview-pane${behind ? ' behind' : ''}`} aria-label="Preview" aria-busy={pending || behind} data-testid="preview">
      <header className="preview-head">
        <h2 data-testid="preview-title">
          {label ?? 'Preview'}
          {builtVariant && target?.kind !== 'variant' && <span className="muted"> → {builtVariant}</span>}
          {pending && <span className="muted"> (building…)</span>}
        </h2>
        {actions}
        {diffControls}
      </header>
      <Sizes />
      <ContextWindowNotice check={contextWindow} />
      {shared && (
        <p className="focus-note muted" data-testid="focus-note">
          {shared}
        </p>
      )}
      {budgets}
      <BuildProblem />
      <div className="preview-tabs" role="tablist" aria-label="Preview views">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            role="tab"
            aria-selected={current === id}
            className={current === id ? 'active' : ''}
            onClick={() => studio.getState().setPreviewTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="preview-body">
        <div className={`preview-main${stale || pending ? ' stale' : ''}`} hidden={current !== 'prompt'} data-testid="preview-main">
          <Suspense fallback={<PreviewFallback />}>
            {diffOn ? (
              diffView
            ) : (
              <div className="prompt-split">
                <Outline />
                <PromptView />
              </div>
            )}
          </Suspense>
        </div>
        {current === 'warnings' && <Warnings />}
        {current === 'instructions' && <InstructionFiles />}
        {current === 'run' && run}
        {current === 'tools' && (
          <Suspense fallback={null}>
            <ToolsJson />
          </Suspense>
        )}
      </div>
    </section>
  );
}
