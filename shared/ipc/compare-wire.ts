import { minimalEdit, type MinimalEdit } from '../engine/text/minimal-edit.js';
import { PieceText } from '../engine/text/piece-text.js';
import type { CompareCell, CompareResult } from './contract.js';

/**
 * Compare results over the WebSocket of browser mode. While the user types, every keystroke
 * yields a result holding every section of every column (four columns of a 40 KB prompt: over
 * 160 KB), of which one section per column changed by a character. On the wire a cell's text
 * is left out when the cell of the same row (by key) and column in the last result sent was
 * the same text, or sent as an edit of it; the receiving end rebuilds the full result before
 * anything else sees it, so the contract (CompareResult) is unchanged.
 *
 * Only compare:result events are patched, and only against the last such event on the same
 * connection: messages on one connection arrive in the order they were sent, so both ends
 * agree on it; a new connection starts with nothing on either side.
 */

/** How one cell's text relates to the cell of the same row key and column in the previous result. */
export type CellPatch = 'full' | 'same' | MinimalEdit;

export interface CompareTextsPatch {
  fromSeq: number;
  /** One entry per row and cell of the payload; cells that are gaps are 'full'. */
  cells: CellPatch[][];
}

export interface WireCompare {
  payload: CompareResult;
  patch?: CompareTextsPatch | undefined;
}

/** Below this size a cell's text is sent whole. */
const PATCH_FROM_CHARS = 64;

/**
 * Cells whose text was made by an edit of another text: on the host, a keystroke in a column
 * made without a build (the encoder sends that edit when the cell it last sent had the text it
 * was made from, instead of comparing two long texts again); in the renderer, a cell the
 * decoder patched (a view may then update what it made of the last text instead of starting over).
 */
const madeByEdit = new WeakMap<object, { from: string; edit: MinimalEdit }>();

/** Says that `cell`'s text is `from` with `edit` made on it (applyMinimalEdit). */
export function cellMadeByEdit(cell: CompareCell, from: string, edit: MinimalEdit): void {
  madeByEdit.set(cell, { from, edit });
}

/**
 * How `cell`'s text was made from `text`: null when it is that text, the edit when the cell
 * was made by one from it, undefined when that is not known.
 */
export function cellEditSince(cell: CompareCell, text: string): MinimalEdit | null | undefined {
  if (!('text' in cell)) return undefined;
  if (cell.text === text) return null;
  const made = madeByEdit.get(cell);
  return made && made.from === text ? made.edit : undefined;
}

/** The texts of a result by row key, for the next one to refer to. */
function textsByRow(result: CompareResult): Map<string, (string | null)[]> {
  return new Map(result.rows.map((row) => [row.key, row.cells.map((cell) => ('text' in cell ? cell.text : null))]));
}

export class CompareWireEncoder {
  private last: { seq: number; texts: Map<string, (string | null)[]> } | undefined;

  encode(result: CompareResult): WireCompare {
    const last = this.last;
    this.last = { seq: result.seq, texts: textsByRow(result) };
    if (!last) return { payload: result };
    let patched = false;
    const cells: CellPatch[][] = [];
    const rows = result.rows.map((row) => {
      const before = last.texts.get(row.key);
      const rowPatch: CellPatch[] = [];
      cells.push(rowPatch);
      return {
        ...row,
        cells: row.cells.map((cell, i) => {
          const old = before?.[i];
          if (!('text' in cell) || typeof old !== 'string' || cell.text.length < PATCH_FROM_CHARS) {
            rowPatch.push('full');
            return cell;
          }
          const made = madeByEdit.get(cell);
          const edit = made && made.from === old ? made.edit : minimalEdit(old, cell.text);
          if (edit && edit.text.length >= cell.text.length / 2) {
            rowPatch.push('full');
            return cell;
          }
          rowPatch.push(edit ?? 'same');
          patched = true;
          return { ...cell, text: '' };
        }),
      };
    });
    return patched ? { payload: { ...result, rows }, patch: { fromSeq: last.seq, cells } } : { payload: result };
  }
}

export class CompareWireDecoder {
  private last: { seq: number; texts: Map<string, (string | null)[]> } | undefined;
  /**
   * The patched texts of the last result as pieces, by row key and column: the next patch is
   * made on them, so a text nobody read is never copied whole (slicing a patched text, itself
   * joined by `+`, would copy it first: four 1 MB columns a keystroke).
   */
  private pieces = new Map<string, (PieceText | undefined)[]>();

  /** The full result; throws when the patch is not relative to the last result received (a protocol error). */
  decode(wire: WireCompare): CompareResult {
    const { payload, patch } = wire;
    const last = this.last;
    let full = payload;
    const pieces = new Map<string, (PieceText | undefined)[]>();
    if (patch) {
      if (!last || last.seq !== patch.fromSeq)
        throw new Error(
          `compare result ${payload.seq} is a patch of result ${patch.fromSeq}, but the last one received is ${last?.seq ?? 'none'}`,
        );
      full = {
        ...payload,
        rows: payload.rows.map((row, r) => {
          const before = last.texts.get(row.key);
          const beforePieces = this.pieces.get(row.key);
          const rowPieces: (PieceText | undefined)[] = [];
          pieces.set(row.key, rowPieces);
          return {
            ...row,
            cells: row.cells.map((cell, i) => {
              const how = patch.cells[r]?.[i] ?? 'full';
              if (how === 'full') return cell;
              const old = before?.[i];
              if (typeof old !== 'string')
                throw new Error(`compare result ${payload.seq} patches a cell that result ${last.seq} does not have`);
              if (how === 'same') {
                rowPieces[i] = beforePieces?.[i];
                return { ...cell, text: old };
              }
              const edited = (beforePieces?.[i] ?? PieceText.of(old)).edit(how.start, how.endOld, how.text);
              rowPieces[i] = edited;
              const made = { ...cell, text: edited.text };
              cellMadeByEdit(made, old, how);
              return made;
            }),
          };
        }),
      };
    }
    this.last = { seq: full.seq, texts: textsByRow(full) };
    this.pieces = pieces;
    return full;
  }
}
