import type { BundleProgress, ExportFormat, ExportRequest, ImportPlanView } from '../../../shared/ipc/contract';
import { API_LABELS, type ApiKind } from '../../../shared/requests/api-kind';
import { previewText } from './preview-slice';
import { call, callRaw } from './api';
import type { SliceCreator } from './types';
import { copyText } from './clipboard';
import { downloadBytes, saveAsDownload, uploadBytes } from './transfer';

export type ImportAction = ImportPlanView['items'][number]['actions'][number];
export interface ImportChoiceState {
  action: ImportAction;
  newId?: string | undefined;
}

export type BundleDialog = { kind: 'export'; format: ExportFormat } | { kind: 'import' } | null;

export interface BundleProgressState {
  label: string;
  done: number;
  total: number;
}

export interface BundlesSlice {
  bundleDialog: BundleDialog;
  /** Variants and stack profiles picked in the explorer (Ctrl/Cmd+click) for an export. */
  bundleSelection: { variants: string[]; profiles: string[] };
  /** Whether the host has system file dialogs (desktop); null until asked. */
  fileDialogs: boolean | null;
  bundleProgress: BundleProgressState | null;
  bundleBusy: boolean;
  importPlan: ImportPlanView | null;
  importChoices: Record<string, ImportChoiceState>;
  importDiff: { path: string; diff: string } | null;
  toggleBundleSelection(kind: 'variant' | 'profile', id: string): void;
  clearBundleSelection(): void;
  openExport(format?: ExportFormat): void;
  openImport(): void;
  closeBundleDialog(): Promise<void>;
  runExport(request: ExportRequest): Promise<boolean>;
  planFromFile(file: File): Promise<void>;
  planFromDialog(): Promise<void>;
  setImportChoice(key: string, choice: ImportChoiceState | null): void;
  showImportDiff(path: string | null): Promise<void>;
  applyImport(): Promise<boolean>;
  applyBundleProgress(progress: BundleProgress): void;
  /** Copies the preview's prompt, or that of a compare column (its index). */
  copyPrompt(column?: number): Promise<void>;
  /** Copies the request body for the preview's target and context, or for a compare column. */
  copyRequest(api: ApiKind, column?: number): Promise<void>;
}

const PROGRESS_LABELS: Record<BundleProgress['operation'], string> = {
  export: 'Packing the export',
  read: 'Checking the bundle',
  import: 'Writing the files',
};

/** The items that still need a decision before an import can run. */
export function undecided(plan: ImportPlanView | null, choices: Record<string, ImportChoiceState>): string[] {
  return (plan?.items ?? []).filter((i) => i.defaultAction === undefined && !choices[i.key]).map((i) => i.key);
}

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

export const createBundlesSlice: SliceCreator<BundlesSlice> = (set, get) => {
  const copied = async (text: string, what: string): Promise<void> => {
    try {
      await copyText(text);
      get().notify('info', `Copied ${what} (${text.length.toLocaleString('en')} characters).`);
    } catch (error) {
      get().notify('error', `Could not copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const capabilities = async (): Promise<void> => {
    if (get().fileDialogs !== null) return;
    const caps = await call('bundle:capabilities', {});
    if (caps) set({ fileDialogs: caps.fileDialogs });
  };
  const showPlan = (plan: ImportPlanView): void => {
    const choices: Record<string, ImportChoiceState> = {};
    for (const item of plan.items) if (item.defaultAction) choices[item.key] = { action: item.defaultAction };
    set({ importPlan: plan, importChoices: choices, importDiff: null });
  };
  const busy = async <T>(label: string, work: () => Promise<T>): Promise<T | undefined> => {
    set({ bundleBusy: true, bundleProgress: { label, done: 0, total: 0 } });
    try {
      return await work();
    } catch (error) {
      get().notify('error', error instanceof Error ? error.message : String(error));
      return undefined;
    } finally {
      set({ bundleBusy: false, bundleProgress: null });
    }
  };
  return {
    bundleDialog: null,
    bundleSelection: { variants: [], profiles: [] },
    fileDialogs: null,
    bundleProgress: null,
    bundleBusy: false,
    importPlan: null,
    importChoices: {},
    importDiff: null,
    toggleBundleSelection(kind, id) {
      const s = get().bundleSelection;
      set({
        bundleSelection: kind === 'variant' ? { ...s, variants: toggle(s.variants, id) } : { ...s, profiles: toggle(s.profiles, id) },
      });
    },
    clearBundleSelection() {
      set({ bundleSelection: { variants: [], profiles: [] } });
    },
    openExport(format = 'bundle') {
      set({ bundleDialog: { kind: 'export', format } });
      void capabilities();
    },
    openImport() {
      set({ bundleDialog: { kind: 'import' }, importPlan: null, importChoices: {}, importDiff: null });
      void capabilities();
    },
    async closeBundleDialog() {
      const plan = get().importPlan;
      set({ bundleDialog: null, importPlan: null, importChoices: {}, importDiff: null });
      if (plan) await call('bundle:discard', { planId: plan.planId });
    },
    async runExport(request) {
      const done = await busy('Exporting', async () => {
        const r = await callRaw('bundle:export', request);
        if (!r.ok) throw new Error(r.error.message);
        const out = r.value;
        if (out.status === 'cancelled') return false;
        const unsaved = out.unsaved ? ` (with ${out.unsaved} unsaved edit${out.unsaved === 1 ? '' : 's'})` : '';
        if (out.status === 'saved') {
          get().notify('info', `Exported ${out.files} files to ${out.path}${unsaved}.`);
          return true;
        }
        set({ bundleProgress: { label: 'Downloading', done: 0, total: out.bytes } });
        const bytes = await downloadBytes(out.transferId, (d, t) => set({ bundleProgress: { label: 'Downloading', done: d, total: t } }));
        saveAsDownload(out.fileName, bytes);
        get().notify('info', `Exported ${out.files} files as ${out.fileName}${unsaved}.`);
        return true;
      });
      if (done) set({ bundleDialog: null, bundleSelection: { variants: [], profiles: [] } });
      return done === true;
    },
    async planFromFile(file) {
      await busy('Uploading', async () => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const transferId = await uploadBytes(file.name, bytes, (d, t) =>
          set({ bundleProgress: { label: 'Uploading', done: d, total: t } }),
        );
        const r = await callRaw('bundle:plan', { transferId });
        if (!r.ok) throw new Error(r.error.message);
        if (r.value) showPlan(r.value);
      });
    },
    async planFromDialog() {
      await busy('Opening', async () => {
        const r = await callRaw('bundle:plan', {});
        if (!r.ok) throw new Error(r.error.message);
        if (r.value) showPlan(r.value);
      });
    },
    setImportChoice(key, choice) {
      const next = { ...get().importChoices };
      if (choice) next[key] = choice;
      else delete next[key];
      set({ importChoices: next });
    },
    async showImportDiff(path) {
      const plan = get().importPlan;
      if (!plan || path === null || get().importDiff?.path === path) {
        set({ importDiff: null });
        return;
      }
      const diff = await call('bundle:diff', { planId: plan.planId, path });
      if (diff) set({ importDiff: diff });
    },
    async applyImport() {
      const plan = get().importPlan;
      if (!plan) return false;
      const done = await busy('Importing', async () => {
        const r = await callRaw('bundle:apply', { planId: plan.planId, choices: get().importChoices });
        if (!r.ok) {
          if (r.error.code === 'CONFLICT') {
            const again = await call('bundle:plan', { planId: plan.planId });
            if (again) showPlan(again);
          }
          throw new Error(r.error.message);
        }
        const { written, deleted, discarded } = r.value;
        const replaced = discarded.length ? `; ${discarded.length} unsaved edit${discarded.length === 1 ? ' was' : 's were'} replaced` : '';
        get().notify(
          'info',
          written.length + deleted.length === 0
            ? 'Nothing to import: the workspace already has everything you chose.'
            : `Imported: ${written.length} file${written.length === 1 ? '' : 's'} written, ${deleted.length} removed${replaced}.`,
        );
        return true;
      });
      if (done) set({ bundleDialog: null, importPlan: null, importChoices: {}, importDiff: null });
      return done === true;
    },
    applyBundleProgress(progress) {
      if (!get().bundleBusy) return;
      set({ bundleProgress: { label: PROGRESS_LABELS[progress.operation], done: progress.done, total: progress.total } });
    },
    async copyPrompt(column) {
      let prompt: string | undefined;
      let what = 'the prompt';
      if (column === undefined) prompt = previewText(await get().currentPreview());
      else {
        const r = await call('compare:copy', { index: column });
        if (!r) return;
        prompt = r.text;
        what = `the prompt of ${r.label}`;
      }
      if (!prompt) {
        get().notify('error', 'There is no prompt to copy: the preview shows no build.');
        return;
      }
      await copied(prompt, what);
    },
    async copyRequest(api, column) {
      let body: string;
      let what = `the ${API_LABELS[api]} request`;
      if (column === undefined) {
        const target = get().target;
        if (!target) {
          get().notify('error', 'There is no prompt to copy: choose a variant or a stack profile first.');
          return;
        }
        const r = await call('bundle:request', { api, target, context: get().contextSpec() });
        if (!r) return;
        body = r.body;
      } else {
        const r = await call('compare:copy', { index: column, api });
        if (!r) return;
        body = r.text;
        what = `the ${API_LABELS[api]} request of ${r.label}`;
      }
      await copied(body, what);
    },
  };
};
