import fs from 'node:fs';
import path from 'node:path';
import { setIn } from '../../shared/yaml-source/edit-yaml-source.js';
import { writeFileAtomicAsync } from './atomic-save.js';

/**
 * The workspace.yaml of a copy of the built-ins, made the user's own: named after its folder,
 * described as a copy that is theirs to edit (the built-ins' says "Read-only in the app").
 * Only those two lines change; comments, the selection order and the fallback stay.
 */
export function ownCopyConfig(text: string, name: string, madeOn: string): string {
  let out = setIn(text, ['name'], name);
  out = setIn(out, ['description'], `A copy of Variant Studio's built-in variants, made on ${madeOn}: yours to edit and save.`);
  return out;
}

/** Rewrites the copy's workspace.yaml (when it has one) as ownCopyConfig says. */
export async function markOwnCopy(folder: string, now: Date = new Date()): Promise<void> {
  const file = path.join(folder, 'workspace.yaml');
  if (!fs.existsSync(file)) return;
  const text = fs.readFileSync(file, 'utf8');
  await writeFileAtomicAsync(file, ownCopyConfig(text, path.basename(folder), now.toISOString().slice(0, 10)));
}
