import { studio } from './';

/** The offset of a 1-based line and column in a text (clamped to the text). */
export function offsetAt(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  const end = text.indexOf('\n', at);
  return Math.min(at + Math.max(column, 1) - 1, end < 0 ? text.length : end);
}

/** Opens a workspace file (by its workspace-relative path) with the cursor at a line and column. */
export async function openAt(file: string, line?: number, column?: number): Promise<void> {
  const s = studio.getState();
  const info = s.workspace?.documents.find((d) => d.path === file);
  if (!info) return;
  const doc = await s.ensureDoc(info.ref);
  if (!doc) return;
  await s.openDoc(info.ref, line !== undefined ? { offset: offsetAt(doc.text, line, column ?? 1) } : undefined);
}
