import { minimalEdit, type MinimalEdit } from '../engine/text/minimal-edit.js';
import { PieceText } from '../engine/text/piece-text.js';
import type { PreviewResult } from './contract.js';

/**
 * Preview results over the WebSocket of browser mode. Every keystroke yields a new result
 * whose prompt text (tens of KB) differs from the previous one by a few characters, and whose
 * baseline text is usually the same as before. On the wire each result's texts travel as a
 * patch of the last result sent on the same connection; the receiving end rebuilds the full
 * result before anything else sees it, so the contract (PreviewResult) is unchanged.
 *
 * Both ends keep the result with the highest seq that went over the connection. Messages on
 * one connection arrive in the order they were sent, so the two always agree on it; a new
 * connection starts with nothing on either side.
 */

/** How the texts of one result relate to the result `fromSeq` sent before it. */
export interface PreviewTextsPatch {
  fromSeq: number;
  /** The prompt text as an edit of the previous one (the payload's text is then empty). */
  text?: MinimalEdit | undefined;
  /** The baseline text is the previous one (the payload's baseline text is then null). */
  baselineSame?: true | undefined;
}

/** What goes on the wire for one result: the payload, with texts left out where `patch` says so. */
export interface WirePreview {
  payload: PreviewResult;
  patch?: PreviewTextsPatch | undefined;
}

function outcomeText(result: PreviewResult): string | null {
  return result.outcome.ok ? result.outcome.result.text : null;
}

/** Below this size a text is sent whole. */
const PATCH_FROM_CHARS = 256;

/**
 * Build results whose text the decoder made by patching the text of the result before: a
 * view holding that text may then compare the two where the patch is, not whole (a megabyte
 * prompt compared on every keystroke). Kept by the result object, in the realm that decoded it.
 */
const textMadeBy = new WeakMap<object, { from: string; edit: MinimalEdit; pieces: PieceText }>();

/** The text of a build result the decoder patched, as the pieces it made it of (read by ranges without copying it whole). */
export function previewTextPieces(result: { text: string }): PieceText | undefined {
  return textMadeBy.get(result)?.pieces;
}

/**
 * How the text of a build result (the outcome's `result`) was made from `text`: null when it
 * is that text, the patch when the decoder made it from that text, undefined when that is not known.
 */
export function previewEditSince(result: { text: string }, text: string): MinimalEdit | null | undefined {
  const made = textMadeBy.get(result);
  if (made && made.from === text) return made.edit.start === made.edit.endOld && made.edit.text === '' ? null : made.edit;
  return result.text === text ? null : undefined;
}

export class PreviewWireEncoder {
  private last: PreviewResult | undefined;

  encode(result: PreviewResult): WirePreview {
    const last = this.last;
    // An older result than one already sent (the receiver ignores it): whole, and not a base.
    if (last && result.seq <= last.seq) return { payload: result };
    this.last = result;
    if (!last) return { payload: result };

    const patch: PreviewTextsPatch = { fromSeq: last.seq };
    let payload = result;
    const text = outcomeText(result);
    const before = outcomeText(last);
    if (result.outcome.ok && text !== null && before !== null && text.length >= PATCH_FROM_CHARS) {
      const edit = minimalEdit(before, text) ?? { start: 0, endOld: 0, text: '' };
      if (edit.text.length < text.length / 2) {
        patch.text = edit;
        payload = { ...payload, outcome: { ...result.outcome, result: { ...result.outcome.result, text: '' } } };
      }
    }
    const baseline = result.baseline.text;
    if (baseline !== null && baseline.length >= PATCH_FROM_CHARS && baseline === last.baseline.text) {
      patch.baselineSame = true;
      payload = { ...payload, baseline: { ...result.baseline, text: null } };
    }
    return patch.text || patch.baselineSame ? { payload, patch } : { payload: result };
  }
}

export class PreviewWireDecoder {
  private last: PreviewResult | undefined;
  /** The last result's prompt as pieces when it was patched: the next patch is made on them (see CompareWireDecoder's). */
  private lastPieces: PieceText | undefined;

  /** The full result; throws when the patch is not relative to the last result received (a protocol error). */
  decode(wire: WirePreview): PreviewResult {
    const { payload, patch } = wire;
    const last = this.last;
    if (!patch) {
      if (!last || payload.seq > last.seq) {
        this.last = payload;
        this.lastPieces = undefined;
      }
      return payload;
    }
    if (!last || last.seq !== patch.fromSeq)
      throw new Error(
        `preview result ${payload.seq} is a patch of result ${patch.fromSeq}, but the last one received is ${last?.seq ?? 'none'}`,
      );
    let full = payload;
    let pieces: PieceText | undefined;
    if (patch.text) {
      const before = outcomeText(last);
      if (before === null || !payload.outcome.ok)
        throw new Error(`preview result ${payload.seq} patches a text that result ${last.seq} does not have`);
      pieces = (this.lastPieces ?? PieceText.of(before)).edit(patch.text.start, patch.text.endOld, patch.text.text);
      const result = { ...payload.outcome.result, text: pieces.text };
      textMadeBy.set(result, { from: before, edit: patch.text, pieces });
      full = { ...full, outcome: { ...payload.outcome, result } };
    }
    if (patch.baselineSame) {
      if (last.baseline.text === null)
        throw new Error(`preview result ${payload.seq} reuses a baseline that result ${last.seq} does not have`);
      full = { ...full, baseline: { ...payload.baseline, text: last.baseline.text } };
    }
    this.last = full;
    this.lastPieces = pieces;
    return full;
  }
}
