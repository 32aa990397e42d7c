import { parseTemplate } from '../../../shared/engine/template/component-template';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import { monaco } from '../monaco/setup';
import { studio, type StudioState } from '../store';
import { uriOf } from '../monaco/models';
import { keyAt } from './template-syntax';
import { findingMarkers } from '../monaco/finding-markers';

/**
 * Monaco markers, from two owners. The check's (`variant-studio check --strict` on the
 * workspace as edited, problems/): exactly its findings of each file, file problems
 * included, so the editor and the CLI agree finding for finding. The live ones: the build's
 * warnings for the current context on the base template (they arrive with every preview
 * result, so they follow typing) and block-tag problems of component templates.
 */
const OWNER = 'variant-studio';
const CHECK_OWNER = 'variant-studio-check';

function markersFor(s: StudioState, key: string): monaco.editor.IMarkerData[] | undefined {
  const doc = s.docs[key];
  const model = monaco.editor.getModel(uriOf(key));
  if (!doc || !model) return undefined;
  const text = model.getValue();
  const out: monaco.editor.IMarkerData[] = [];
  const at = (start: number, end: number, message: string, severity: monaco.MarkerSeverity, code?: string): void => {
    const a = model.getPositionAt(start);
    const b = model.getPositionAt(Math.max(end, start + 1));
    out.push({
      startLineNumber: a.lineNumber,
      startColumn: a.column,
      endLineNumber: b.lineNumber,
      endColumn: b.column,
      message,
      severity,
      source: 'variant-studio',
      ...(code ? { code } : {}),
    });
  };
  const ref = doc.ref;
  const p = s.preview;
  const result = p?.outcome.ok && p.outcome.result.kind === 'variant' ? (p.outcome.result as VariantBuildResult) : undefined;
  if (ref?.kind === 'variant-template' && result && result.variantId === ref.variantId) {
    for (const w of result.warnings) {
      if (w.templateOffset === undefined) continue;
      const span = keyAt(text, w.templateOffset);
      at(
        w.templateOffset,
        span?.end ?? w.templateOffset + 2,
        w.message,
        w.severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Info,
        w.code,
      );
    }
  } else if (doc.language === 'template') {
    for (const problem of parseTemplate(text).problems) {
      const span = keyAt(text, problem.offset);
      at(problem.offset, span?.end ?? problem.offset + 2, problem.message, monaco.MarkerSeverity.Warning, 'TEMPLATE_BLOCK');
    }
    if (ref?.kind === 'component-override' && result && result.variantId === ref.variantId) {
      const w = result.warnings.find((x) => x.componentId === ref.componentId && x.code === 'COMPONENT_FAILED');
      if (w) at(0, 1, `${w.message}${w.detail ? `: ${w.detail}` : ''}`, monaco.MarkerSeverity.Error, w.code);
    }
  }
  return out;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export function updateMarkers(keys?: string[]): void {
  const s = studio.getState();
  for (const key of keys ?? s.tabs) {
    const m = markersFor(s, key);
    const model = monaco.editor.getModel(uriOf(key));
    const doc = s.docs[key];
    if (!m || !model || !doc) continue;
    monaco.editor.setModelMarkers(model, OWNER, m);
    const lines = { count: model.getLineCount(), maxColumn: (l: number) => model.getLineMaxColumn(l) };
    monaco.editor.setModelMarkers(model, CHECK_OWNER, doc.ref ? findingMarkers(s.findings ?? [], doc.path, lines) : []);
  }
}

/** Keeps markers current; returns the unsubscribe function. */
export function watchMarkers(): () => void {
  return studio.subscribe((s, prev) => {
    if (
      s.preview === prev.preview &&
      s.workspace === prev.workspace &&
      s.activeTab === prev.activeTab &&
      s.docs === prev.docs &&
      s.findings === prev.findings
    )
      return;
    clearTimeout(timer);
    // After the preview has been painted: markers are not on the typing path.
    timer = setTimeout(() => updateMarkers(), s.preview !== prev.preview ? 30 : 250);
  });
}
