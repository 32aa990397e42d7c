import type { HarnessPlacement, HarnessResult } from './result.js';

/**
 * The order a harness's parts and loaded files have in the request it sends: the system
 * prompt, then the first user message, then the read results (parts of one placement in the
 * order the harness gives them); the files in the order their text appears in those parts.
 * The every-harness view's file table numbers files in this order, so "#" follows the prompt text, not the order in
 * which the harness happened to find them (OpenCode 1.18.33 finds the project AGENTS.md first
 * but sends the global file first).
 */

const PLACEMENT_ORDER: Record<HarnessPlacement, number> = { system: 0, user: 1, read: 2 };
const LOADED = new Set(['loaded', 'truncated']);

type Result = Pick<HarnessResult, 'parts' | 'files'>;
type Part = Result['parts'][number];
type File = Result['files'][number];

/** The parts in request order, each with its index in `result.parts`. */
export function partsInRequestOrder(result: Pick<Result, 'parts'>): { part: Part; index: number }[] {
  return result.parts
    .map((part, index) => ({ part, index }))
    .sort((a, b) => PLACEMENT_ORDER[a.part.placement] - PLACEMENT_ORDER[b.part.placement] || a.index - b.index);
}

/**
 * The loaded files in request order, each with its index in `result.files`: by the first part
 * that carries it, within a part by the part's own list of files (which follows its text). A
 * loaded file no part names (its text inside another's, say) comes after the file that brought it in,
 * else at the end, in report order.
 */
export function loadedInRequestOrder(result: Result): { file: File; index: number }[] {
  const rank = new Map<string, number>();
  let n = 0;
  for (const { part } of partsInRequestOrder(result)) for (const path of part.files) if (!rank.has(path)) rank.set(path, n++);
  const loaded = result.files.map((file, index) => ({ file, index })).filter(({ file }) => LOADED.has(file.status));
  const key = (f: File): number => {
    const own = rank.get(f.path);
    if (own !== undefined) return own;
    const parent = f.importedBy === undefined ? undefined : rank.get(f.importedBy);
    return parent !== undefined ? parent + 0.5 : Number.MAX_SAFE_INTEGER;
  };
  return loaded.sort((a, b) => key(a.file) - key(b.file) || a.index - b.index);
}
