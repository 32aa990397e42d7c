import Editor from '@monaco-editor/react';
import { useDeferredValue, useMemo } from 'react';
import type { BuildWarning, VariantBuildResult } from '../../../shared/engine/build/build-result';
import type { BaselineSpec } from '../../../shared/ipc/contract';
import { formatCount } from '../app/format';
import { CopyButtons } from '../bundles/CopyButtons';
import { DiffView } from '../diff/DiffView';
import { PreviewBudgets } from '../compare/PreviewBudgets';
import { NONE, studio, useStudio, type StudioState } from '../store';
import { jumpToSource } from './jump';
import { outlineOf, variantResultOf, type PreviewTab } from './preview-slice';
import { PromptView, revealInPreview } from './PromptView';

/** Families whose tokenizer is public (OpenAI's); for the others the counts are estimates. */
export function tokensAreEstimates(family: string | undefined, modelId?: string): boolean {
  const f = `${family ?? ''} ${modelId ?? ''}`.toLowerCase();
  return !/(gpt|o1|o3|o4|openai)/.test(f);
}

function fmt(n: number | undefined | null): string {
  return n === undefined || n === null ? '…' : formatCount(n);
}

function Sizes() {
  const preview = useDeferredValue(useStudio((s) => s.preview));
  const tokens = useStudio((s) => s.tokens);
  const diffOn = useStudio((s) => s.diffOn);
  const stats = useStudio((s) => s.diffStats);
  if (!preview?.outcome.ok) return null;
  const r = preview.outcome.result;
  const text = r.text;
  const family = r.kind === 'variant' ? (r as VariantBuildResult).family : undefined;
  // Counts come a moment after each result (the host counts them off the typing path): show the latest.
  const t = tokens;
  // The family's tokenizer is not public, or the host estimated part of a text too long to count exactly.
  const estimate = tokensAreEstimates(family, r.kind === 'stack' ? String(r.modelId ?? '') : undefined) || t?.text.estimated === true;
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
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
      {diffOn && (
        <span className="diff-counts" data-testid="diff-counts">
          <span className="added">+{fmt(stats?.added)} lines</span> <span className="removed">−{fmt(stats?.removed)} lines</span>{' '}
          <span className="added">+{fmt(stats?.addedTokens)} tok</span> <span className="removed">−{fmt(stats?.removedTokens)} tok</span>
          {t?.baseline && <span className="muted"> (baseline {fmt(t.baseline.o200k)} tok)</span>}
        </span>
      )}
    </div>
  );
}

function baselineValue(b: BaselineSpec): string {
  switch (b.kind) {
    case 'none':
    case 'saved':
      return b.kind;
    case 'variant':
      return `variant:${b.variantId}`;
    case 'preset':
      return `preset:${b.name}`;
    case 'snapshot':
      return `snapshot:${b.name}`;
  }
}

function parseBaseline(v: string): BaselineSpec {
  const [kind, ...rest] = v.split(':');
  const name = rest.join(':');
  if (kind === 'variant') return { kind: 'variant', variantId: name };
  if (kind === 'preset') return { kind: 'preset', name };
  if (kind === 'snapshot') return { kind: 'snapshot', name };
  return { kind: 'saved' };
}

function DiffControls() {
  const diffOn = useStudio((s) => s.diffOn);
  const layout = useStudio((s) => s.diffLayout);
  const choice = useStudio((s) => s.baselineChoice);
  const variants = useStudio((s) => s.workspace?.variants ?? NONE);
  const allPresets = useStudio((s) => s.workspace?.presets ?? NONE);
  // Baselines build with another variant preset (the host turns one into a stack context for profiles).
  const presets = useMemo(() => allPresets.filter((p) => p.kind === 'variant'), [allPresets]);
  const snapshots = useStudio((s) => s.snapshots);
  return (
    <div className="diff-controls">
      <button
        className={`toggle${diffOn ? ' on' : ''}`}
        aria-pressed={diffOn}
        onClick={() => studio.getState().toggleDiff()}
        title="Toggle diff (Ctrl+Shift+D)"
        data-testid="diff-toggle"
      >
        Diff
      </button>
      {diffOn && (
        <>
          <select
            aria-label="Baseline"
            value={baselineValue(choice)}
            onChange={(e) => studio.getState().setBaselineChoice(parseBaseline(e.target.value))}
            data-testid="baseline-select"
          >
            <option value="saved">vs last saved</option>
            <optgroup label="vs another variant">
              {variants.map((v) => (
                <option key={v.id} value={`variant:${v.id}`}>
                  {v.id}
                </option>
              ))}
            </optgroup>
            <optgroup label="vs another preset">
              {presets.map((p) => (
                <option key={p.name} value={`preset:${p.name}`}>
                  {p.name}
                </option>
              ))}
            </optgroup>
            {snapshots.length > 0 && (
              <optgroup label="vs a pinned snapshot">
                {snapshots.map((n) => (
                  <option key={n} value={`snapshot:${n}`}>
                    {n}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <button
            className="small"
            aria-pressed={layout === 'side'}
            onClick={() => studio.getState().setDiffLayout(layout === 'side' ? 'inline' : 'side')}
          >
            {layout === 'side' ? 'Side by side' : 'Inline'}
          </button>
        </>
      )}
    </div>
  );
}

/** What the outline shows, as a string: equal strings re-render nothing. */
function outlineSignature(s: StudioState): string {
  const entries = outlineOf(s.preview);
  const counts = s.outlineTokens && s.outlineTokens.seq === s.preview?.seq ? s.outlineTokens.counts : null;
  return JSON.stringify(entries.map((e, i) => [e.label, e.detail, e.end - e.start, counts ? (counts[i] ?? null) : null]));
}

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
              revealInPreview(e.start, e.end);
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

const TOOLS_OPTIONS = { readOnly: true, domReadOnly: true, automaticLayout: true, minimap: { enabled: false }, fontSize: 12.5 } as const;

function ToolsJson() {
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

export function PreviewPane() {
  const tab = useStudio((s) => s.previewTab);
  const diffOn = useStudio((s) => s.diffOn);
  const buildError = useStudio((s) => (s.preview && !s.preview.outcome.ok ? s.preview.outcome.error : null));
  const builtVariant = useStudio((s) => variantResultOf(s.preview)?.variantId ?? null);
  const target = useStudio((s) => s.target);
  const warningsCount = useStudio((s) => {
    const p = s.preview;
    if (!p?.outcome.ok) return 0;
    const w = (p.outcome.result as { warnings?: unknown[] }).warnings;
    return (w?.length ?? 0) + (s.workspace?.problems.length ?? 0);
  });
  const native = useStudio(
    (s) => s.preview?.outcome.ok === true && (s.preview.outcome.result as VariantBuildResult).tools?.native !== undefined,
  );
  const tabs: [PreviewTab, string][] = [
    ['prompt', diffOn ? 'Diff' : 'Prompt'],
    ['warnings', `Warnings${warningsCount ? ` (${warningsCount})` : ''}`],
    ...(native ? ([['tools', 'Tools JSON']] as [PreviewTab, string][]) : []),
  ];
  const title =
    target?.kind === 'variant'
      ? target.variantId
      : target?.kind === 'profile'
        ? `${target.profileId}${target.agent ? ` · ${target.agent}` : ''}`
        : 'Preview';
  const current = (tab === 'tools' && !native) || tab === 'outline' ? 'prompt' : tab;
  return (
    <section className="preview-pane" aria-label="Preview" data-testid="preview">
      <header className="preview-head">
        <h2>
          {title}
          {builtVariant && target?.kind !== 'variant' && <span className="muted"> → {builtVariant}</span>}
        </h2>
        <CopyButtons />
        <DiffControls />
      </header>
      <Sizes />
      <PreviewBudgets />
      {buildError !== null && (
        <p className="error pad" role="alert" data-testid="build-error">
          Build failed: {buildError}
        </p>
      )}
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
        <div className="preview-main" hidden={current !== 'prompt'}>
          {diffOn ? (
            <DiffView />
          ) : (
            <div className="prompt-split">
              <Outline />
              <PromptView />
            </div>
          )}
        </div>
        {current === 'warnings' && <Warnings />}
        {current === 'tools' && <ToolsJson />}
      </div>
    </section>
  );
}
