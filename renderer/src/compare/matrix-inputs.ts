import type { WorkspaceView } from '../../../shared/ipc/contract';

/** The documents the snapshot matrix is not made from: the files of stack profiles and of harness profiles. */
const NOT_IN_MATRIX = new Set(['profile-file', 'harness-file']);
const notInMatrix = (file: string): boolean => file.startsWith('profiles/') || file.startsWith('harnesses/');

const keys = new WeakMap<WorkspaceView, string>();

/**
 * What of a workspace view the snapshot matrix depends on, as one string: the matrix view asks
 * for a new matrix when it changes, not at every view the host sends. A view that differs only
 * in a profile's or harness's file (its dirty flag, its problems), a notice or the workspace's
 * name starts no build of the matrix's cells. Made once per view object.
 */
export function matrixInputsKey(view: WorkspaceView | null): string {
  if (!view) return '';
  let key = keys.get(view);
  if (key === undefined) {
    key = JSON.stringify([
      view.sessionId,
      view.readOnly,
      view.variants.map((v) => v.id),
      view.presets.filter((p) => p.kind === 'variant').map((p) => p.name),
      view.components,
      view.tools,
      view.documents.filter((d) => !NOT_IN_MATRIX.has(d.ref.kind)).map((d) => [d.key, d.dirty, d.isNew]),
      view.problems.filter((p) => !notInMatrix(p.file)),
    ]);
    keys.set(view, key);
  }
  return key;
}
