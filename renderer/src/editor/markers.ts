import { parseTemplate } from '../../../shared/engine/template/component-template';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import { monaco } from '../monaco/setup';
import { studio, type StudioState } from '../store';
import { uriOf } from './models';
import { keyAt } from './template-syntax';

/**
 * Lint findings as Monaco markers: the build's warnings on the base template (they arrive
 * with every preview result, so they follow typing), block-tag problems of component
 * templates, and the workspace's file problems on YAML documents.
 */
const OWNER = 'variant-studio';

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
  for (const problem of s.workspace?.problems ?? []) {
    if (problem.file !== doc.path) continue;
    const line = Math.min(Math.max(problem.line ?? 1, 1), model.getLineCount());
    const col = Math.max(problem.column ?? 1, 1);
    out.push({
      startLineNumber: line,
      startColumn: col,
      endLineNumber: line,
      endColumn: model.getLineMaxColumn(line),
      message: problem.path ? `${problem.message} (at ${problem.path})` : problem.message,
      severity: problem.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      source: 'variant-studio',
    });
  }
  return out;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export function updateMarkers(keys?: string[]): void {
  const s = studio.getState();
  for (const key of keys ?? s.tabs) {
    const m = markersFor(s, key);
    const model = monaco.editor.getModel(uriOf(key));
    if (m && model) monaco.editor.setModelMarkers(model, OWNER, m);
  }
}

/** Keeps markers current; returns the unsubscribe function. */
export function watchMarkers(): () => void {
  return studio.subscribe((s, prev) => {
    if (s.preview === prev.preview && s.workspace === prev.workspace && s.activeTab === prev.activeTab && s.docs === prev.docs) return;
    clearTimeout(timer);
    // After the preview has been painted: markers are not on the typing path.
    timer = setTimeout(() => updateMarkers(), s.preview !== prev.preview ? 30 : 250);
  });
}
