import type { OriginLocation } from '../../../shared/engine/volatility/origin-location';
import { studio } from '../store';

/** The offset of a 1-based line and column in a text. */
export function offsetOf(text: string, line: number, column = 1): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return Math.min(text.length, at + column - 1);
}

/** Opens the workspace file of a location at its line (files outside the workspace, such as instruction files on disk, cannot be opened). */
export async function openLocation(location: Pick<OriginLocation, 'file' | 'line' | 'column' | 'offset'>): Promise<boolean> {
  const s = studio.getState();
  const info = s.workspace?.documents.find((d) => d.path === location.file);
  if (!info) {
    s.notify('info', `${location.file} is not a file of this workspace`);
    return false;
  }
  const doc = await s.ensureDoc(info.ref);
  const offset = location.offset ?? (doc && location.line !== undefined ? offsetOf(doc.text, location.line, location.column ?? 1) : 0);
  await s.openDoc(info.ref, { offset });
  return true;
}
