import { parseDocument } from 'yaml';
import type { DocRef, Entity } from '../../shared/ipc/contract.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { appendSeqItem, deleteIn, moveSeqItem, setIn } from '../../shared/yaml-source/edit-yaml-source.js';
import { diskHash } from './atomic-save.js';
import { ABSENT, changedBoth, stateOf, type FilePlan } from './file-plan.js';
import type { WorkspaceSession } from './workspace-session.js';

/**
 * The file changes of creating, renaming and deleting the workspace's things (variants,
 * component overrides, tools, presets), as FilePlans. References follow a rename (the
 * selection order and fallback, the variants' tool lists, presets' `extends`), edited in
 * place so the rest of each file stays as it is.
 */

export interface EntityPlan {
  plan: FilePlan;
  description: string;
  open: DocRef | null;
}

const WORKSPACE = 'workspace.yaml';

function filesUnder(session: WorkspaceSession, folder: string): string[] {
  return session.docs.paths().filter((rel) => rel.startsWith(`${folder}/`));
}

function requireFree(session: WorkspaceSession, rels: readonly string[], what: string): void {
  for (const rel of rels) {
    if (session.docs.get(rel) || diskHash(session.absolute(rel)) !== null)
      throw new HostError('INVALID_REQUEST', `${what} exists already (${rel})`);
  }
}

/** The items of a top-level YAML list in a text (empty when there is none or it does not parse). */
function listOf(text: string | null, key: string): unknown[] {
  if (text === null) return [];
  try {
    const value = parseDocument(text).toJS() as Record<string, unknown> | null;
    return Array.isArray(value?.[key]) ? (value[key] as unknown[]) : [];
  } catch {
    return [];
  }
}

function valueOf(text: string | null, key: string): unknown {
  if (text === null) return undefined;
  try {
    return (parseDocument(text).toJS() as Record<string, unknown> | null)?.[key];
  } catch {
    return undefined;
  }
}

/** Replaces `from` by `to` (or removes it, when `to` is null) in a top-level list. */
function replaceInList(text: string, key: string, from: string, to: string | null): string {
  const items = listOf(text, key);
  let out = text;
  for (let i = items.length - 1; i >= 0; i--) {
    if (items[i] !== from) continue;
    out = to === null ? deleteIn(out, [key, i]) : setIn(out, [key, i], to);
  }
  return out;
}

function moveFiles(session: WorkspaceSession, plan: FilePlan, pairs: readonly [string, string][], what: string): void {
  requireFree(
    session,
    pairs.map(([, to]) => to),
    what,
  );
  for (const [from, to] of pairs) {
    plan.set(to, stateOf(session, from));
    plan.set(from, ABSENT);
  }
}

function editAll(session: WorkspaceSession, plan: FilePlan, rels: readonly string[], change: (text: string) => string): void {
  for (const rel of rels) {
    const state = plan.get(rel) ?? stateOf(session, rel);
    if (state.saved === null && state.text === null) continue;
    const next = changedBoth(state, change);
    if (next.saved !== state.saved || next.text !== state.text) plan.set(rel, next);
  }
}

function variantFolder(session: WorkspaceSession, id: string): string[] {
  const files = filesUnder(session, `variants/${id}`);
  if (!files.includes(`variants/${id}/variant.yaml`)) throw new HostError('NOT_FOUND', `there is no variant '${id}' in this workspace`);
  return files;
}

/**
 * A new variant from an existing one: its files as edited under a new id, the matcher copied
 * with them, and a place in the selection order right before the source (a source the list
 * does not name: at its end, which is still before the source), so the new variant is
 * reachable: it takes the models the source served until one of the two matchers changes.
 * Without a selection order, variants go alphabetically and the new one may come after.
 */
export function duplicateVariantPlan(session: WorkspaceSession, from: string, to: string): EntityPlan {
  const files = variantFolder(session, from);
  const plan: FilePlan = new Map();
  const targets = files.map((rel) => `variants/${to}/${rel.slice(`variants/${from}/`.length)}`);
  requireFree(session, targets, `a variant '${to}'`);
  files.forEach((rel, i) => {
    let text = stateOf(session, rel).text ?? '';
    if (rel === `variants/${from}/variant.yaml`) text = setIn(text, ['id'], to);
    plan.set(targets[i]!, { saved: text, text });
  });
  if (session.docs.get(WORKSPACE))
    editAll(session, plan, [WORKSPACE], (t) => {
      const order = listOf(t, 'selectionOrder');
      if (order.length === 0 || order.includes(to)) return t;
      const out = appendSeqItem(t, ['selectionOrder'], to);
      const at = order.indexOf(from);
      return at >= 0 ? moveSeqItem(out, ['selectionOrder'], order.length, at) : out;
    });
  return { plan, description: `New variant ${to} (from ${from})`, open: { kind: 'variant-template', variantId: to } };
}

export function renamePlan(session: WorkspaceSession, entity: Entity, to: string): EntityPlan {
  const plan: FilePlan = new Map();
  switch (entity.kind) {
    case 'variant': {
      const from = entity.id;
      const files = variantFolder(session, from);
      moveFiles(
        session,
        plan,
        files.map((rel) => [rel, `variants/${to}/${rel.slice(`variants/${from}/`.length)}`]),
        `a variant '${to}'`,
      );
      editAll(session, plan, [`variants/${to}/variant.yaml`], (t) => setIn(t, ['id'], to));
      editAll(session, plan, [WORKSPACE], (t) => {
        const out = replaceInList(t, 'selectionOrder', from, to);
        return valueOf(out, 'fallback') === from ? setIn(out, ['fallback'], to) : out;
      });
      return { plan, description: `Renamed variant ${from} to ${to}`, open: { kind: 'variant-template', variantId: to } };
    }
    case 'component-override': {
      const base = `variants/${entity.variantId}/overrides/components`;
      const from = `${base}/${entity.componentId}.md`;
      if (!session.docs.get(from)) throw new HostError('NOT_FOUND', `there is no override of ${entity.componentId} in ${entity.variantId}`);
      moveFiles(session, plan, [[from, `${base}/${to}.md`]], `an override of ${to} in ${entity.variantId}`);
      return {
        plan,
        description: `The override of ${entity.componentId} in ${entity.variantId} now overrides ${to}`,
        open: { kind: 'component-override', variantId: entity.variantId, componentId: to },
      };
    }
    case 'tool': {
      const from = entity.id;
      if (!session.docs.get(`tools/${from}.yaml`)) throw new HostError('NOT_FOUND', `there is no tool '${from}' in this workspace`);
      const overrides = session.docs.paths().filter((rel) => new RegExp(`^variants/[^/]+/overrides/tools/${escape(from)}\\.md$`).test(rel));
      moveFiles(
        session,
        plan,
        [
          [`tools/${from}.yaml`, `tools/${to}.yaml`],
          ...overrides.map((rel): [string, string] => [rel, rel.replace(/[^/]+\.md$/, `${to}.md`)]),
        ],
        `a tool '${to}'`,
      );
      editAll(session, plan, [`tools/${to}.yaml`], (t) => (valueOf(t, 'id') === from ? setIn(t, ['id'], to) : t));
      const configs = session.docs.paths().filter((rel) => /^variants\/[^/]+\/variant\.yaml$/.test(rel));
      editAll(session, plan, configs, (t) => replaceInList(t, 'tools', from, to));
      return { plan, description: `Renamed tool ${from} to ${to}`, open: { kind: 'tool', toolId: to } };
    }
    case 'preset': {
      const from = entity.name;
      if (!session.docs.get(`contexts/${from}.yaml`)) throw new HostError('NOT_FOUND', `there is no preset '${from}' in this workspace`);
      moveFiles(session, plan, [[`contexts/${from}.yaml`, `contexts/${to}.yaml`]], `a preset '${to}'`);
      const presets = session.docs.paths().filter((rel) => /^contexts\/[^/]+\.yaml$/.test(rel) && rel !== `contexts/${from}.yaml`);
      editAll(session, plan, presets, (t) => (valueOf(t, 'extends') === from ? setIn(t, ['extends'], to) : t));
      return { plan, description: `Renamed preset ${from} to ${to}`, open: { kind: 'preset', name: to } };
    }
  }
}

export function deletePlan(session: WorkspaceSession, entity: Entity): EntityPlan {
  const plan: FilePlan = new Map();
  const gone = (rels: readonly string[]): void => rels.forEach((rel) => plan.set(rel, ABSENT));
  switch (entity.kind) {
    case 'variant':
      gone(variantFolder(session, entity.id));
      editAll(session, plan, [WORKSPACE], (t) => replaceInList(t, 'selectionOrder', entity.id, null));
      return { plan, description: `Deleted variant ${entity.id}`, open: null };
    case 'component-override': {
      const rel = `variants/${entity.variantId}/overrides/components/${entity.componentId}.md`;
      if (!session.docs.get(rel)) throw new HostError('NOT_FOUND', `there is no override of ${entity.componentId} in ${entity.variantId}`);
      gone([rel]);
      return { plan, description: `Deleted the override of ${entity.componentId} in ${entity.variantId}`, open: null };
    }
    case 'tool':
      if (!session.docs.get(`tools/${entity.id}.yaml`))
        throw new HostError('NOT_FOUND', `there is no tool '${entity.id}' in this workspace`);
      gone([`tools/${entity.id}.yaml`]);
      return { plan, description: `Deleted tool ${entity.id}`, open: null };
    case 'preset':
      if (!session.docs.get(`contexts/${entity.name}.yaml`))
        throw new HostError('NOT_FOUND', `there is no preset '${entity.name}' in this workspace`);
      gone([`contexts/${entity.name}.yaml`]);
      return { plan, description: `Deleted preset ${entity.name}`, open: null };
  }
}

function escape(id: string): string {
  return id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
