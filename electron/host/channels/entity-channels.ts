import { randomUUID } from 'node:crypto';
import type { EntityChange } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { copyRouting } from '../../../shared/engine/routing/copy-routing.js';
import { deletePlan, duplicateVariantPlan, renamePlan, type EntityPlan } from '../entity-plans.js';
import { applyPlan, type FilePlan } from '../file-plan.js';
import type { HostContext } from '../host-context.js';
import type { WorkspaceSession } from '../workspace-session.js';

type EntityChannel = 'entity:duplicateVariant' | 'entity:rename' | 'entity:delete' | 'entity:undo';

const READ_ONLY = 'the built-in variants are read-only: copy them into a folder of your own to add, rename or delete things';

interface UndoRecord {
  sessionId: string;
  description: string;
  /** The states to go back to, and the states the change left (an undo is refused once they moved on). */
  before: FilePlan;
  after: FilePlan;
}

/** How many changes can be undone (the oldest are forgotten). */
const UNDO_LIMIT = 20;

/** Handlers of the entities group: new variant from an existing one, rename, delete, undo. */
export function entityHandlers(host: HostContext): Pick<ChannelHandlers, EntityChannel> {
  const undo = new Map<string, UndoRecord>();

  const remember = (record: UndoRecord): string => {
    const token = randomUUID();
    undo.set(token, record);
    while (undo.size > UNDO_LIMIT) undo.delete(undo.keys().next().value!);
    return token;
  };

  const changed = (plan: FilePlan): void => {
    host.drafts?.schedule();
    host.preview.savedChanged();
    void host.preview.changed([...plan.keys()]);
    host.scheduleViewRefresh(0);
  };

  const run = async (session: WorkspaceSession, planned: EntityPlan): Promise<EntityChange> => {
    const before = await applyPlan(session, planned.plan);
    const undoToken = remember({ sessionId: session.id, description: planned.description, before, after: planned.plan });
    changed(planned.plan);
    return { description: planned.description, undoToken, ...paths(before, planned.plan), open: planned.open };
  };

  const writable = (): WorkspaceSession => {
    const session = host.requireSession();
    if (session.readOnly) throw new HostError('READ_ONLY', READ_ONLY);
    return session;
  };

  return {
    'entity:duplicateVariant': async ({ from, to }) => {
      const session = writable();
      const change = await run(session, duplicateVariantPlan(session, from, to));
      return { ...change, routing: copyRouting(session.snapshot().variants, to, from) };
    },
    'entity:rename': ({ entity, to }) => {
      const session = writable();
      return run(session, renamePlan(session, entity, to));
    },
    'entity:delete': ({ entity }) => {
      const session = writable();
      return run(session, deletePlan(session, entity));
    },
    'entity:undo': async ({ undoToken }) => {
      const session = writable();
      const record = undo.get(undoToken);
      if (!record || record.sessionId !== session.id) throw new HostError('NOT_FOUND', 'that change cannot be undone any more');
      await applyPlan(session, record.before, record.after);
      undo.delete(undoToken);
      changed(record.before);
      // Undoing the undo redoes the change.
      const description = record.description.startsWith('Undone: ') ? record.description.slice(8) : `Undone: ${record.description}`;
      const redoToken = remember({ sessionId: session.id, description, before: record.after, after: record.before });
      return { description, undoToken: redoToken, ...paths(record.after, record.before), open: null };
    },
  };
}

/** The paths a change made appear, go and change. */
function paths(before: FilePlan, after: FilePlan): { created: string[]; removed: string[]; changed: string[] } {
  const created: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  for (const [rel, state] of after) {
    const was = before.get(rel);
    const existed = !!was && (was.saved !== null || was.text !== null);
    const exists = state.saved !== null || state.text !== null;
    if (exists && !existed) created.push(rel);
    else if (!exists && existed) removed.push(rel);
    else if (exists && (was?.saved !== state.saved || was?.text !== state.text)) changed.push(rel);
  }
  return { created: created.sort(), removed: removed.sort(), changed: changed.sort() };
}
