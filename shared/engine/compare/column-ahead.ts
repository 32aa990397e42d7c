import type { Variant } from '../../domain/variant.js';
import { speculateTemplateEdit, type BuiltText } from '../build/speculate-template-edit.js';
import { splicedEdit, type EditMadeBy } from '../../ipc/text-splice.js';
import { minimalEdit, type MinimalEdit } from '../text/minimal-edit.js';
import { PieceText } from '../text/piece-text.js';
import type { ColumnSections, SectionRow } from './column-sections.js';
import { TEMPLATE_TEXT } from './section-texts.js';

/** A variant column as built: its prompt with sections, its rows, and the variant it was built from. */
export interface ColumnBuilt {
  built: BuiltText;
  sections: ColumnSections;
  variant: Variant;
  /** Made by columnAfterTemplateEdit: the template text row's text before, and the edit that made it. */
  rowEdit?: { from: string; edit: MinimalEdit } | undefined;
  /** Made by columnAfterTemplateEdit: the template text's row it made (in `sections`), and its text as pieces (PieceText). */
  templateRow?: { row: SectionRow; pieces: PieceText } | undefined;
}

/**
 * Whether `after` is `before` with only its base template changed: every other field the same
 * object (an edited-templates snapshot, or a load that reused what did not change), so a build
 * of `after` differs from one of `before` only as its template does.
 */
export function onlyTemplateChanged(before: Variant, after: Variant): boolean {
  if (before === after) return true;
  const keys = Object.keys(after) as (keyof Variant)[];
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => key === 'baseTemplate' || (key in before && before[key] === after[key]));
}

/** A speculated prompt as a column keeps it (without the edit that made it). */
function builtOf(built: BuiltText): BuiltText {
  return {
    text: built.text,
    sections: built.sections,
    pieces: built.pieces,
    verified: built.verified,
    placeholderKeys: built.placeholderKeys,
  };
}

/** The last edit found: the columns of one variant (under other presets) take the same keystroke. */
let lastEdit: { before: string; after: string; edit: MinimalEdit | null } | undefined;

function templateEdit(before: string, after: string, madeBy: EditMadeBy | undefined): MinimalEdit | null {
  const spliced = splicedEdit(before, after, madeBy);
  if (spliced !== undefined) return spliced;
  if (lastEdit?.before !== before || lastEdit.after !== after) lastEdit = { before, after, edit: minimalEdit(before, after) };
  return lastEdit.edit;
}

/**
 * The column after its variant's base template became `after.baseTemplate`, without a build,
 * when that is certain (speculateTemplateEdit: a plain edit inside one range copied from the
 * template). The template text's row changes by the same edit; every other row stays the
 * same object. Undefined when anything else changed or the edit is not certain: build then.
 * `madeBy`: the splice that made the template, when one did (its edit is then not looked for by
 * comparing the two templates).
 */
export function columnAfterTemplateEdit(column: ColumnBuilt, after: Variant, madeBy?: EditMadeBy): ColumnBuilt | undefined {
  const before = column.variant;
  if (!onlyTemplateChanged(before, after)) return undefined;
  const edit = templateEdit(before.baseTemplate, after.baseTemplate, madeBy);
  if (!edit) return { ...column, variant: after, rowEdit: undefined };
  const pieces = column.built.pieces ?? PieceText.of(column.built.text);
  const built = speculateTemplateEdit(column.built, before.id, before.baseTemplate, edit);
  if (!built) return undefined;
  // The prompt stayed the same (whitespace typed after its end): so do the rows.
  if (built.promptEdit.start === built.promptEdit.endOld && built.promptEdit.text === '') {
    return {
      ...column,
      built: builtOf(built),
      variant: after,
      rowEdit: undefined,
    };
  }
  // Where the edit is in the template text's row: the row is the template's ranges, one after the other.
  let at = built.promptEdit.start - column.built.sections[built.section]!.start;
  for (let i = 0; i < built.section; i++) {
    const s = column.built.sections[i]!;
    if (s.source.kind === 'template') at += s.end - s.start;
  }
  const removed = built.promptEdit.endOld - built.promptEdit.start;
  const row = column.sections.rows.find((r) => r.key === TEMPLATE_TEXT);
  if (!row) return undefined;
  // The row and the prompt are read around the edit only (their pieces), not as whole texts.
  const rowPieces = column.templateRow?.row === row ? column.templateRow.pieces : PieceText.of(row.text);
  const was = pieces.slice(built.promptEdit.start, built.promptEdit.endOld);
  if (rowPieces.slice(at, at + removed) !== was) return undefined;
  const editedRow = rowPieces.edit(at, at + removed, built.promptEdit.text);
  const text = editedRow.text;
  const madeRow: SectionRow = { key: row.key, text, occurrences: [text] };
  const rows = column.sections.rows.map((r) => (r === row ? madeRow : r));
  return {
    built: builtOf(built),
    sections: { rows, absentReason: column.sections.absentReason },
    variant: after,
    rowEdit: { from: row.text, edit: { start: at, endOld: at + removed, text: built.promptEdit.text } },
    templateRow: { row: madeRow, pieces: editedRow },
  };
}
