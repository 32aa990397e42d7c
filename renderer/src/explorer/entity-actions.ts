import type { DocRef, Entity, EntityChange } from '../../../shared/ipc/contract';
import { askText } from '../ui/text-prompt';
import { studio } from '../store';
import { focusVariantId } from '../store/focus';
import { call } from '../store/api';
import type { StudioState } from '../store/types';

/**
 * Variants, overrides, tools and presets as things the user creates, renames and deletes
 * (from the explorer's context menu and the palette). The host changes the files; here the
 * open documents follow (tabs of files that went close, texts that changed are read again),
 * and a notice offers Undo.
 */

const ID = /^[A-Za-z0-9_.-]+$/;

export function entityName(e: Entity): string {
  switch (e.kind) {
    case 'variant':
      return `variant ${e.id}`;
    case 'component-override':
      return `the override of ${e.componentId} in ${e.variantId}`;
    case 'tool':
      return `tool ${e.id}`;
    case 'preset':
      return `preset ${e.name}`;
  }
}

function idOf(e: Entity): string {
  return e.kind === 'variant' || e.kind === 'tool' ? e.id : e.kind === 'preset' ? e.name : e.componentId;
}

/** Names already taken by things of the same kind (a new id must be none of them). */
function takenIds(s: StudioState, e: Entity | { kind: 'variant' }): Set<string> {
  const ws = s.workspace;
  if (!ws) return new Set();
  switch (e.kind) {
    case 'variant':
      return new Set(ws.variants.map((v) => v.id).concat(ws.documents.flatMap((d) => ('variantId' in d.ref ? [d.ref.variantId] : []))));
    case 'component-override':
      return new Set(
        ws.documents.flatMap((d) => (d.ref.kind === 'component-override' && d.ref.variantId === e.variantId ? [d.ref.componentId] : [])),
      );
    case 'tool':
      return new Set(ws.tools.map((t) => t.id));
    case 'preset':
      return new Set(ws.presets.map((p) => p.name).concat(ws.documents.flatMap((d) => (d.ref.kind === 'preset' ? [d.ref.name] : []))));
  }
}

function idProblem(value: string, taken: Set<string>): string | null {
  if (!value) return 'A name is needed.';
  if (!ID.test(value) || value === '.' || value === '..') return 'Use letters, digits, _ . - only.';
  if (taken.has(value)) return `${value} exists already.`;
  return null;
}

/** The open documents after a change: tabs of files that went close, changed texts are read again, the result opens. */
async function follow(change: EntityChange): Promise<void> {
  const s = studio.getState();
  const byPath = (paths: readonly string[]) =>
    Object.values(s.docs)
      .filter((d) => d.ref && paths.includes(d.path))
      .map((d) => d.key);
  s.forgetDocs(byPath(change.removed));
  await s.reloadDocs(byPath(change.changed));
  const current = focusVariantId(s);
  if (current && change.removed.includes(`variants/${current}/variant.yaml`)) {
    const next =
      change.open?.kind === 'variant-template'
        ? change.open.variantId
        : (studio.getState().workspace?.variants.find((v) => v.id !== current)?.id ?? null);
    if (next) await studio.getState().selectVariant(next);
  }
  if (change.open) await openAfter(change.open);
  studio.getState().notify('info', `${change.description}.`, {
    label: 'Undo',
    run: () => void undoEntityChange(change.undoToken),
  });
  lastUndo = change.undoToken;
}

async function openAfter(ref: DocRef): Promise<void> {
  const s = studio.getState();
  if (ref.kind === 'variant-template') await s.selectVariant(ref.variantId);
  else await s.openDoc(ref);
}

let lastUndo: string | null = null;

/** Undoes (or, given the token of an undo, redoes) a change. */
export async function undoEntityChange(token: string | null = lastUndo): Promise<void> {
  if (!token) {
    studio.getState().notify('info', 'Nothing to undo: no variant, override, tool or preset was added, renamed or deleted.');
    return;
  }
  const change = await call('entity:undo', { undoToken: token });
  if (change) await follow(change);
}

export async function newVariantFrom(from: string): Promise<void> {
  const s = studio.getState();
  const to = await askText({
    title: `New variant from ${from}`,
    label: 'Id of the new variant',
    initial: `${from}-copy`,
    confirm: 'Create',
    check: (v) => idProblem(v, takenIds(s, { kind: 'variant' })),
  });
  if (!to) return;
  const change = await call('entity:duplicateVariant', { from, to });
  if (change) await follow(change);
}

export async function renameEntity(entity: Entity): Promise<void> {
  const s = studio.getState();
  const to = await askText({
    title: `Rename ${entityName(entity)}`,
    label: entity.kind === 'component-override' ? 'Component it overrides' : 'New name',
    initial: idOf(entity),
    confirm: 'Rename',
    check: (v) => (v === idOf(entity) ? 'That is its name now.' : idProblem(v, takenIds(s, entity))),
  });
  if (!to) return;
  const change = await call('entity:rename', { entity, to });
  if (change) await follow(change);
}

export async function deleteEntity(entity: Entity): Promise<void> {
  const s = studio.getState();
  const what = entityName(entity);
  const choice = await s.ask(
    `Delete ${what}?`,
    ['Delete', 'Cancel'],
    entity.kind === 'variant'
      ? 'Its folder is deleted and it leaves the selection order. You can undo this.'
      : 'Its file is deleted. You can undo this.',
  );
  if (choice !== 'Delete') return;
  const change = await call('entity:delete', { entity });
  if (change) await follow(change);
}

/** What the palette's rename and delete act on: the open document's thing, else the current variant. */
export function entityOfActiveTab(s: StudioState): Entity | null {
  const ref = s.activeTab ? s.docs[s.activeTab]?.ref : null;
  switch (ref?.kind) {
    case 'variant-config':
    case 'variant-template':
      return { kind: 'variant', id: ref.variantId };
    case 'component-override':
      return { kind: 'component-override', variantId: ref.variantId, componentId: ref.componentId };
    case 'tool':
      return { kind: 'tool', id: ref.toolId };
    case 'preset':
      return { kind: 'preset', name: ref.name };
    default: {
      const id = focusVariantId(s);
      return id ? { kind: 'variant', id } : null;
    }
  }
}
