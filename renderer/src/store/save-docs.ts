import type { DocRef } from '../../../shared/ipc/doc-ref';
import type { FileProblem } from '../../../shared/domain/problems';
import { plainMessage } from '../ui/plain-message';
import { callRaw } from './api';
import type { StudioState } from './types';

/**
 * Save (Ctrl+S). A variant's document (its template, variant.yaml, an override) saves every
 * unsaved file of that variant together (doc:saveVariant): a reorder or a new placeholder
 * changes variant.yaml and the template, and on disk they never disagree. The documents take
 * their saved texts in one store update, so nothing shows half a variant as saved. Any other
 * document saves alone. A file with YAML or schema errors is not written until the user says
 * "save anyway"; a file changed on disk since it was loaded is not written over unless asked.
 */

/** The variant whose folder holds a document, if any. */
export function variantOfRef(ref: DocRef): string | undefined {
  switch (ref.kind) {
    case 'variant-config':
    case 'variant-template':
    case 'component-override':
    case 'tool-override':
      return ref.variantId;
    default:
      return undefined;
  }
}

/** What saving needs of the store: its state, and one update that marks documents saved. */
export interface SaveTools {
  get: () => StudioState;
  /** Marks documents saved with the texts they had when the save was asked (one store update). */
  markSaved: (saved: readonly { key: string; text: string }[]) => void;
}

function problemLines(problems: readonly FileProblem[]): string {
  return problems
    .slice(0, 8)
    .map((p) => `${p.file}${p.line !== undefined ? `:${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : ''}: ${p.message}`)
    .concat(problems.length > 8 ? [`… and ${problems.length - 8} more`] : [])
    .join('\n');
}

/** "This file has errors: save anyway?" — true when the user says so. */
async function saveAnyway(get: () => StudioState, problems: readonly FileProblem[]): Promise<boolean> {
  const files = new Set(problems.map((p) => p.file));
  const question = files.size > 1 ? 'These files have errors: save anyway?' : 'This file has errors: save anyway?';
  const choice = await get().ask(question, ['Cancel', 'Save anyway'], problemLines(problems));
  return choice === 'Save anyway';
}

async function readOnly(get: () => StudioState): Promise<boolean> {
  const choice = await get().ask(
    'The built-in variants are read-only.',
    ['Copy to a workspace of my own', 'Cancel'],
    'Save a copy of the whole workspace, your unsaved edits included, into a folder you choose; you keep editing the copy.',
  );
  if (choice !== 'Copy to a workspace of my own') return false;
  return get().copyWorkspace();
}

/** Saves one document, or (a variant's document) its variant's files together; true when saved. */
export async function saveDocument(tools: SaveTools, key: string): Promise<boolean> {
  const doc = tools.get().docs[key];
  if (!doc?.ref) return false;
  const variantId = variantOfRef(doc.ref);
  return variantId !== undefined ? saveVariant(tools, variantId) : saveOne(tools, key, doc.ref);
}

type Invalid = { status: 'invalid'; problems: FileProblem[] };
type Answer<O> = { ok: true; value: O | Invalid } | { ok: false; error: { code: string; message: string } };

/**
 * One save, asked again as the user decides: first with ifValid (a file with errors asks
 * "save anyway?"), with overwrite once the user chose to write over the disk's version.
 */
async function saveAsked<O extends { status: string }>(
  get: () => StudioState,
  what: string,
  send: (options: { overwrite?: true; ifValid?: true }) => Promise<Answer<O>>,
  /** A conflict with the disk: true to write over it. */
  conflict: (outcome: O) => Promise<boolean>,
  saved: (outcome: O) => void,
): Promise<boolean> {
  let ifValid = true;
  let overwrite = false;
  for (;;) {
    const r = await send({ ...(overwrite ? { overwrite: true } : {}), ...(ifValid ? { ifValid: true } : {}) });
    if (!r.ok) {
      if (r.error.code === 'READ_ONLY') return readOnly(get);
      get().notify('error', `Could not save ${what}: ${plainMessage(r.error.message)}`);
      return false;
    }
    const outcome = r.value;
    if (outcome.status === 'invalid') {
      if (!(await saveAnyway(get, (outcome as Invalid).problems))) return false;
      ifValid = false;
    } else if (outcome.status === 'conflict') {
      if (!(await conflict(outcome as O))) return false;
      overwrite = true;
    } else {
      saved(outcome as O);
      return true;
    }
  }
}

function saveOne({ get, markSaved }: SaveTools, key: string, ref: DocRef): Promise<boolean> {
  const doc = get().docs[key]!;
  const text = doc.text;
  return saveAsked(
    get,
    doc.path,
    (options) => callRaw('doc:save', { ref, ...options }),
    async () => {
      const choice = await get().ask(`${doc.path} changed on disk since it was loaded.`, ['Overwrite', 'Load the disk version', 'Cancel']);
      if (choice === 'Load the disk version') get().resolveDiskConflict(key, 'disk');
      return choice === 'Overwrite';
    },
    () => {
      markSaved([{ key, text }]);
      get().announce(`Saved ${doc.path}`);
    },
  );
}

function saveVariant({ get, markSaved }: SaveTools, variantId: string): Promise<boolean> {
  // The texts as the host has them now (edits reach it in order, before this call).
  const mine = Object.values(get().docs)
    .filter((d) => d.ref && variantOfRef(d.ref) === variantId)
    .map((d) => ({ key: d.key, path: d.path, text: d.text }));
  return saveAsked(
    get,
    `variant ${variantId}`,
    (options) => callRaw('doc:saveVariant', { variantId, ...options }),
    async (outcome) => {
      const paths = outcome.status === 'conflict' ? outcome.conflicts.map((c) => c.path).join(', ') : '';
      const choice = await get().ask(
        `Changed on disk since loaded: ${paths}.`,
        ['Overwrite', 'Cancel'],
        `Nothing of variant ${variantId} was saved. Overwrite writes all its files, over the disk's versions.`,
      );
      return choice === 'Overwrite';
    },
    (outcome) => {
      const paths = outcome.status === 'saved' ? outcome.paths : [];
      const written = new Set(paths);
      markSaved(mine.filter((d) => written.has(d.path)));
      get().announce(paths.length ? `Saved variant ${variantId}: ${paths.join(', ')}` : `Variant ${variantId} has no unsaved changes`);
    },
  );
}
