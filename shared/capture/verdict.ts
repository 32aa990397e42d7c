import { diffWordsWithSpace } from 'diff';
import type { HarnessPart, HarnessResult } from '../harness/result.js';

/**
 * The verdict of a capture: each instruction part the harness profile predicts for the same
 * folder, home and environment, looked for in the request the agent really sent. A part
 * matches when its text appears, byte for byte, in one text of the request (a system block, a
 * message's text, instructions); otherwise it differs, shown as a word diff against the text
 * of the request nearest to it. Of a part whose profile marks only a stretch as instruction
 * text (`instruction`: Gemini CLI's session block around the memory), only that stretch is
 * compared; one without any is `context`: shown where it is, not compared. Parts a read tool
 * would load (`read`) are not in a first request, whose reply calls no tool, and are left out.
 */

/** One string of the request body, with where it sits: `messages[0].content[0].text`. */
export interface CapturedText {
  where: string;
  text: string;
}

export interface WordChange {
  value: string;
  added?: boolean | undefined;
  removed?: boolean | undefined;
}

export interface PartVerdict {
  label: string;
  placement: HarnessPart['placement'];
  /** The instruction files the part carries. */
  files: string[];
  /** `context`: the part carries no instruction text (the agent's own context): shown, not compared. */
  status: 'matches' | 'differs' | 'context';
  /** `instruction`: only the part's instruction stretch was compared, the rest of it is the agent's context. */
  compared?: 'instruction' | undefined;
  /** Where in the request the part is (matches), or the nearest text (differs); absent when nothing is near. */
  where?: string | undefined;
  /** For `differs`: the predicted text against the captured one, word by word (removed: only predicted, added: only sent). */
  changes?: WordChange[] | undefined;
  /** The text the agent sent for this part: the predicted text where it matches, the nearest stretch of the request where not ('' when nothing is near). */
  sent: string;
}

export interface CaptureVerdict {
  harness: string;
  profileVersion: string;
  /** Releases the profile's capture section was observed with. */
  observed: string[];
  /** The release that was captured. */
  version: string;
  matches: boolean;
  parts: PartVerdict[];
  /** "matches claude-code (observed with 2.1.332) on your 2.1.340" or "differs: 2 parts". */
  summary: string;
}

const DIFF_TIMEOUT_MS = 2000;
const MAX_TEXTS = 20_000;

/** Every string of a JSON request body, in order, with its path (a body that is not JSON: one text). */
export function requestTexts(body: string): CapturedText[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [{ where: 'body', text: body }];
  }
  const out: CapturedText[] = [];
  const walk = (v: unknown, where: string): void => {
    if (out.length >= MAX_TEXTS) return;
    if (typeof v === 'string') out.push({ where, text: v });
    else if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${where}[${i}]`));
    else if (v && typeof v === 'object')
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) walk(item, where ? `${where}.${k}` : k);
  };
  walk(value, '');
  return out;
}

function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** The captured text sharing most lines with the part, cut to the stretch the part would cover. */
function nearest(part: string, texts: readonly CapturedText[]): CapturedText | undefined {
  const lines = [...new Set(linesOf(part))];
  let best: { text: CapturedText; score: number } | undefined;
  for (const t of texts) {
    let score = 0;
    for (const line of lines) if (t.text.includes(line)) score += line.length;
    if (score > 0 && (best === undefined || score > best.score)) best = { text: t, score };
  }
  if (!best) return undefined;
  const text = best.text.text;
  if (text.length <= part.length * 1.5) return best.text;
  const first = lines[0] ?? '';
  const last = lines[lines.length - 1] ?? '';
  const start = text.indexOf(first);
  const end = text.indexOf(last, Math.max(0, start));
  if (start < 0 || end < 0) return best.text;
  const from = Math.max(0, start - part.indexOf(first));
  const to = Math.min(text.length, end + last.length + (part.length - part.lastIndexOf(last) - last.length));
  return { where: best.text.where, text: text.slice(from, to) };
}

export function compareParts(parts: readonly HarnessPart[], texts: readonly CapturedText[]): PartVerdict[] {
  return parts
    .filter((p) => p.placement !== 'read')
    .map((p): PartVerdict => {
      const base = { label: p.label, placement: p.placement, files: [...p.files] };
      if (p.instruction === '') {
        const near = nearest(p.text, texts);
        return { ...base, status: 'context', where: near?.where, sent: near?.text ?? '' };
      }
      const scoped = p.instruction !== undefined ? { compared: 'instruction' as const } : {};
      const text = p.instruction ?? p.text;
      const found = texts.find((t) => t.text.includes(text));
      if (found) return { ...base, ...scoped, status: 'matches', where: found.where, sent: text };
      const near = nearest(text, texts);
      const changes = diffWordsWithSpace(text, near?.text ?? '', { timeout: DIFF_TIMEOUT_MS }) ?? [
        { value: text, removed: true },
        { value: near?.text ?? '', added: true },
      ];
      return {
        ...base,
        ...scoped,
        status: 'differs',
        where: near?.where,
        sent: near?.text ?? '',
        changes: changes.map((c) => ({ value: c.value, ...(c.added ? { added: true } : {}), ...(c.removed ? { removed: true } : {}) })),
      };
    });
}

export function captureVerdict(
  result: HarnessResult,
  body: string,
  captured: { version: string; observed: readonly string[] },
): CaptureVerdict {
  const parts = compareParts(result.parts, requestTexts(body));
  const differing = parts.filter((p) => p.status === 'differs').length;
  const observed = [...captured.observed];
  const seen = observed.length > 0 ? ` (observed with ${observed.join(', ')})` : '';
  return {
    harness: result.harness,
    profileVersion: result.version,
    observed,
    version: captured.version,
    matches: differing === 0,
    parts,
    summary:
      differing === 0
        ? `matches ${result.harness}${seen} on your ${captured.version}`
        : `differs: ${differing} part${differing === 1 ? '' : 's'}`,
  };
}

/**
 * The verdict against the model request the profile describes best, when the agent sent more
 * than one (a title or routing request besides the turn): fewest differing parts, the first on a tie.
 */
export function bestCaptureVerdict(
  result: HarnessResult,
  bodies: readonly string[],
  captured: { version: string; observed: readonly string[] },
): { verdict: CaptureVerdict; index: number } | undefined {
  let best: { verdict: CaptureVerdict; index: number; differing: number } | undefined;
  bodies.forEach((body, index) => {
    const verdict = captureVerdict(result, body, captured);
    const differing = verdict.parts.filter((p) => p.status === 'differs').length;
    if (best === undefined || differing < best.differing) best = { verdict, index, differing };
  });
  return best && { verdict: best.verdict, index: best.index };
}

/** A word diff as text: [-only predicted-] {+only sent+}. */
export function wordDiffText(changes: readonly WordChange[]): string {
  return changes.map((c) => (c.removed ? `[-${c.value}-]` : c.added ? `{+${c.value}+}` : c.value)).join('');
}
