import type { Variant } from '../../domain/variant.js';
import type { StackBuildResult } from '../../stack/build.js';
import type { VariantBuildResult } from '../build/build-result.js';
import { sectionOccurrences, TEMPLATE_TEXT } from './section-texts.js';

/** One row of a column: a section (component, placeholder, stack part) as shown, and as it is in the prompt. */
export interface SectionRow {
  key: string;
  /**
   * What the row shows: the text once when every occurrence is the same (a placeholder the
   * template uses twice shows its value once), else the occurrences apart by a blank line.
   */
  text: string;
  /** The row's text in the prompt, occurrence by occurrence: what its size counts (sectionSizes). */
  occurrences: string[];
}

/** One column's text cut into rows that align across columns (by component id, placeholder or stack part). */
export interface ColumnSections {
  rows: SectionRow[];
  /** Why a row another column has is not in this one. */
  absentReason(key: string): string;
}

function rowOf(key: string, occurrences: string[]): SectionRow {
  const same = occurrences.every((o) => o === occurrences[0]);
  return { key, text: same ? (occurrences[0] ?? '') : occurrences.join('\n\n'), occurrences };
}

/** A variant build's rows: its components by id and placeholders as `{{KEY}}` in order, then the template's own text (spread between them). */
export function variantColumnSections(result: VariantBuildResult, variant?: Pick<Variant, 'componentOrder'>): ColumnSections {
  const occurrences = sectionOccurrences(result);
  const rows = [...occurrences].filter(([key]) => key !== TEMPLATE_TEXT).map(([key, parts]) => rowOf(key, parts));
  const own = occurrences.get(TEMPLATE_TEXT);
  // The template's own text is many pieces of one text: one occurrence.
  if (own !== undefined) rows.push({ key: TEMPLATE_TEXT, text: own.join(''), occurrences: [own.join('')] });
  const reports = new Map(result.components.map((c) => [c.id, c]));
  return {
    rows,
    absentReason(key) {
      if (key === TEMPLATE_TEXT) return 'the template has no text of its own';
      if (key.startsWith('{{')) return 'not in the template';
      const report = reports.get(key);
      if (!report) return variant?.componentOrder.includes(key) ? 'not built' : 'not in the component order';
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
  const rows = result.sections.map((s) => {
    const text = result.system.slice(s.start, s.end);
    return { key: stackKey(s.layer, s.label), text, occurrences: [text] };
  });
  return {
    rows,
    absentReason(key) {
      if (key.startsWith('instructions: ')) return 'this instruction file is not found or is empty here';
      if (key === 'user-system') return 'no system text of the user';
      return 'empty';
    },
  };
}
