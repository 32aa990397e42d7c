import type { Variant } from '../../domain/variant.js';
import type { StackBuildResult } from '../../stack/build.js';
import type { VariantBuildResult } from '../build/build-result.js';
import { sectionTexts, TEMPLATE_TEXT } from './section-texts.js';

/** One column's text cut into rows that align across columns (by component id, placeholder or stack part). */
export interface ColumnSections {
  rows: { key: string; text: string }[];
  /** Why a row another column has is not in this one. */
  absentReason(key: string): string;
}

/** A variant build's rows: its components by id and placeholders as `{{KEY}}` in order, then the template's own text (spread between them). */
export function variantColumnSections(result: VariantBuildResult, variant: Variant): ColumnSections {
  const texts = sectionTexts(result);
  const rows = [...texts].filter(([key]) => key !== TEMPLATE_TEXT).map(([key, text]) => ({ key, text }));
  const own = texts.get(TEMPLATE_TEXT);
  if (own !== undefined) rows.push({ key: TEMPLATE_TEXT, text: own });
  const reports = new Map(result.components.map((c) => [c.id, c]));
  return {
    rows,
    absentReason(key) {
      if (key === TEMPLATE_TEXT) return 'the template has no text of its own';
      if (key.startsWith('{{')) return 'not in the template';
      const report = reports.get(key);
      if (!report) return variant.componentOrder.includes(key) ? 'not built' : 'not in the component order';
      switch (report.status) {
        case 'disabled':
          return 'disabled';
        case 'empty':
          return `empty under this context${report.reason ? ` (${report.reason})` : ''}`;
        case 'missing':
          return 'no component with this id';
        case 'failed':
          return `failed: ${report.reason ?? 'error'}`;
        case 'ok':
          return report.inTemplate ? 'removed by cleanup' : 'not in the template';
      }
    },
  };
}

/** Row key of a stack part: the prompt (provider or agent), the environment, each instruction file by path, the user's system text. */
function stackKey(layer: string, label: string): string {
  if (layer === 'provider-prompt' || layer === 'agent-prompt') return 'prompt';
  if (layer === 'instructions') return `instructions: ${label}`;
  return layer;
}

/** A stack build's rows: provider/agent prompt, environment, each instruction file, user system text. */
export function stackColumnSections(result: Pick<StackBuildResult, 'system' | 'sections'>): ColumnSections {
  const rows = result.sections.map((s) => ({ key: stackKey(s.layer, s.label), text: result.system.slice(s.start, s.end) }));
  return {
    rows,
    absentReason(key) {
      if (key.startsWith('instructions: ')) return 'this instruction file is not found or is empty here';
      if (key === 'user-system') return 'no system text of the user';
      return 'empty';
    },
  };
}
