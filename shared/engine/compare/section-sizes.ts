import type { ColumnSections, SectionRow } from './column-sections.js';

/**
 * The size of each section of a build, the same in every view (the CLI's compare table, the
 * compare view's rows, the preview's component list and outline): the characters the section
 * puts into the prompt, over all its occurrences, and the o200k tokens of that text as one
 * piece. Nothing else is counted: not the blank lines or separators of the template around
 * it (they are the template's own text, a row of their own).
 */
export interface SectionSize {
  key: string;
  chars: number;
  /** null without a token counter. */
  tokens: number | null;
  /** How many times the section is in the prompt (a placeholder the template uses twice: 2). */
  uses: number;
}

/** The size of one row (see SectionSize). */
export function rowSize(row: SectionRow, countTokens?: (text: string) => number): SectionSize {
  const chars = row.occurrences.reduce((n, o) => n + o.length, 0);
  return { key: row.key, chars, tokens: countTokens ? countTokens(row.occurrences.join('')) : null, uses: row.occurrences.length };
}

/** The size of every row of a column, in its order. */
export function sectionSizes(sections: ColumnSections, countTokens?: (text: string) => number): SectionSize[] {
  return sections.rows.map((row) => rowSize(row, countTokens));
}
