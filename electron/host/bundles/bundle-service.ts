import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundleClosure, ExportSelectionError, type BundleSelection } from '../../../shared/bundle/closure.js';
import type { ImportPlan } from '../../../shared/bundle/import-plan.js';
import { BUNDLE_LIMITS } from '../../../shared/bundle/limits.js';
import { renderBuilds } from '../../../shared/bundle/rendered.js';
import { BundleRejected } from '../../../shared/bundle/rejection.js';
import { ImportChoiceError, type ImportChoices } from '../../../shared/bundle/resolve-import.js';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result.js';
import { markdownFiles, requestExport } from '../../../shared/export/prompt-files.js';
import { typeScriptFiles } from '../../../shared/export/typescript-export.js';
import type { BuildTarget, ExportOutcome, ExportRequest, ImportOutcome, ImportPlanView } from '../../../shared/ipc/contract.js';
import { TRANSFER_CHUNK_BYTES } from '../../../shared/ipc/channels/bundles.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { API_KINDS, type ApiKind } from '../../../shared/requests/api-kind.js';
import { requestBodyText } from '../../../shared/requests/request-bodies.js';
import { requestInputFromStack, requestInputFromVariant, type RequestInput } from '../../../shared/requests/request-input.js';
import type { RequestModel } from '../../../shared/requests/request-model.js';
import type { StackBuildResult } from '../../../shared/stack/build.js';
import { appVersion } from '../app-version.js';
import { resolveVariantContext, runBuild, type ParsedContextSpec } from '../build-runner.js';
import { isDirty } from '../document-set.js';
import { contentHash } from '../hash.js';
import type { HostContext } from '../host-context.js';
import type { WorkspaceSession } from '../workspace-session.js';
import { exportBundle } from './export-bundle.js';
import { applyBundle, documentState, planBundle, planFileDiff } from './import-bundle.js';
import { writeBytesAtomic } from './output-files.js';
import { readBundle, type BundleContents } from './read-bundle.js';
import { TransferStore } from './transfers.js';
import { writeZip } from './zip-writer.js';

/**
 * Bundles in the app: exports written where the user chooses (desktop) or offered for
 * download (browser mode), imports planned against the open workspace and its unsaved edits,
 * applied everything-or-nothing, and reflected in the open documents afterwards.
 */

interface StoredPlan {
  sessionId: string;
  name: string;
  contents: BundleContents;
  plan: ImportPlan;
}

const MAX_PLANS = 3;
const READ_ONLY_IMPORT = 'the built-in variants are read-only: copy them into a workspace of your own, then import into the copy';

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'workspace'
  );
}

export class BundleService {
  readonly transfers = new TransferStore({
    maxBytes: BUNDLE_LIMITS.maxArchiveBytes,
    chunkBytes: TRANSFER_CHUNK_BYTES,
    maxTransfers: 4,
    ttlMs: 15 * 60_000,
  });
  private readonly plans = new Map<string, StoredPlan>();

  constructor(private readonly host: HostContext) {}

  capabilities(): { fileDialogs: boolean; chunkBytes: number; maxBundleBytes: number } {
    return {
      fileDialogs: this.host.options.pickFile !== undefined,
      chunkBytes: TRANSFER_CHUNK_BYTES,
      maxBundleBytes: BUNDLE_LIMITS.maxArchiveBytes,
    };
  }

  private progress(operation: 'export' | 'read' | 'import'): (done: number, total: number) => void {
    return (done, total) => this.host.emit('bundle:progress', { operation, done, total });
  }

  // ---------- export ----------

  async export(request: ExportRequest): Promise<ExportOutcome> {
    const session = this.host.requireSession();
    const format = request.format;
    const source = session.docs.editedSource();
    const snapshot = session.snapshot();
    const name = session.name();
    let bytes: Uint8Array;
    let files: number;
    let paths: Iterable<string>;
    let fileName: string;
    let models: { file: string; model: RequestModel }[] | undefined;
    try {
      if (format === 'bundle') {
        const selection: BundleSelection = { variants: request.variants, profiles: request.profiles, presets: request.presets };
        const bundle = await exportBundle({
          source,
          snapshot,
          profileIds: session
            .profiles()
            .filter((p) => p.profile)
            .map((p) => p.id),
          workspaceName: name,
          appVersion: appVersion(),
          createdAt: new Date(),
          selection,
          rendered: request.rendered === true,
          onProgress: this.progress('export'),
        });
        bytes = bundle.bytes;
        files = bundle.manifest.entries.length;
        paths = bundle.closure.files.keys();
        const only = bundle.closure.variants.length + bundle.closure.profiles.length === 1;
        fileName = `${only ? (bundle.closure.variants[0]?.id ?? bundle.closure.profiles[0]!) : slug(name)}.zip`;
      } else {
        if (request.profiles?.length)
          throw new ExportSelectionError('stack profiles go into bundles; TypeScript, Markdown and request exports are of variants');
        const closure = bundleClosure({ source, snapshot, profileIds: [] }, { variants: request.variants, presets: request.presets });
        let texts: Map<string, string>;
        if (format === 'ts') {
          texts = typeScriptFiles({
            variants: closure.variants,
            fallback: snapshot.config.fallback,
            workspaceName: name,
            appVersion: appVersion(),
          });
        } else {
          const builds = renderBuilds(snapshot, closure.variants, closure.variantPresets);
          if (format === 'md') texts = markdownFiles(builds);
          else {
            const exported = requestExport(builds, snapshot, request.apis?.length ? request.apis : API_KINDS);
            texts = exported.files;
            models = exported.bodies.map((b) => ({ file: b.file, model: b.model }));
          }
        }
        bytes = await writeZip(new Map([...texts].map(([p, t]) => [p, Buffer.from(t, 'utf8')])), this.progress('export'));
        files = texts.size;
        paths = closure.files.keys();
        fileName = `${slug(name)}-${format === 'ts' ? 'typescript' : format === 'md' ? 'prompts' : 'requests'}.zip`;
      }
    } catch (error) {
      if (error instanceof ExportSelectionError) throw new HostError('INVALID_REQUEST', error.message);
      throw error;
    }
    const exported = new Set(paths);
    const unsaved = session.docs.dirty().filter((e) => exported.has(e.rel)).length;
    const pick = this.host.options.pickFile;
    if (pick) {
      const target = await pick(format === 'bundle' ? 'export-bundle' : 'export-files', fileName);
      if (target === null) return { status: 'cancelled' };
      if (!path.isAbsolute(target)) throw new HostError('INVALID_REQUEST', `the export's file must be an absolute path: '${target}'`);
      try {
        await writeBytesAtomic(target, bytes);
      } catch (error) {
        throw new HostError('IO_ERROR', `writing ${target} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { status: 'saved', path: target, bytes: bytes.length, files, unsaved, ...(models ? { models } : {}) };
    }
    const transferId = this.transfers.offer(fileName, bytes);
    return { status: 'download', transferId, fileName, bytes: bytes.length, files, unsaved, ...(models ? { models } : {}) };
  }

  download(transferId: string, offset: number): { data: string; offset: number; total: number; done: boolean } {
    const chunk = this.transfers.read(transferId, offset);
    return { data: Buffer.from(chunk.data).toString('base64'), offset: chunk.offset, total: chunk.total, done: chunk.done };
  }

  upload(request: { transferId?: string | undefined; name: string; total: number; data: string }): {
    transferId: string;
    received: number;
  } {
    return this.transfers.append(request.transferId, request.name, request.total, Buffer.from(request.data, 'base64'));
  }

  // ---------- import ----------

  private async bundleBytes(transferId: string | undefined): Promise<{ name: string; bytes: Uint8Array } | null> {
    if (transferId !== undefined) return this.transfers.take(transferId);
    const pick = this.host.options.pickFile;
    if (!pick) throw new HostError('DIALOG_UNAVAILABLE', 'no file dialog here (browser mode): upload the bundle file first');
    const file = await pick('import-bundle');
    if (file === null) return null;
    const name = path.basename(file);
    try {
      const size = (await fs.promises.stat(file)).size;
      if (size > BUNDLE_LIMITS.maxArchiveBytes)
        throw new HostError(
          'INVALID_REQUEST',
          `${name}: is larger than ${BUNDLE_LIMITS.maxArchiveBytes / (1024 * 1024)} MB; nothing was written`,
        );
      return { name, bytes: await fs.promises.readFile(file) };
    } catch (error) {
      if (error instanceof HostError) throw error;
      throw new HostError('IO_ERROR', `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private view(planId: string, stored: StoredPlan): ImportPlanView {
    const m = stored.contents.manifest;
    return {
      planId,
      name: stored.name,
      sourceWorkspace: m.sourceWorkspace,
      appVersion: m.appVersion,
      createdAt: m.createdAt,
      items: stored.plan.items,
      rendered: stored.contents.rendered.size,
    };
  }

  private writable(): WorkspaceSession {
    const session = this.host.requireSession();
    if (session.readOnly) throw new HostError('READ_ONLY', READ_ONLY_IMPORT);
    return session;
  }

  private stored(planId: string, session: WorkspaceSession): StoredPlan {
    const stored = this.plans.get(planId);
    if (!stored)
      throw new HostError('NOT_FOUND', 'this import is no longer planned (it was applied, discarded or replaced): open the bundle again');
    if (stored.sessionId !== session.id)
      throw new HostError('NOT_FOUND', 'this import was planned for another workspace: open the bundle again');
    return stored;
  }

  async plan(request: { transferId?: string | undefined; planId?: string | undefined }): Promise<ImportPlanView | null> {
    const session = this.writable();
    if (request.planId !== undefined) {
      const stored = this.stored(request.planId, session);
      stored.plan = planBundle(stored.contents, documentState(session.docs));
      return this.view(request.planId, stored);
    }
    const picked = await this.bundleBytes(request.transferId);
    if (picked === null) return null;
    let contents: BundleContents;
    try {
      contents = await readBundle(picked.bytes, { onProgress: this.progress('read') });
    } catch (error) {
      if (error instanceof BundleRejected) throw new HostError('INVALID_REQUEST', `${picked.name}: ${error.message}; nothing was written`);
      throw error;
    }
    const planId = randomUUID();
    const stored: StoredPlan = {
      sessionId: session.id,
      name: picked.name,
      contents,
      plan: planBundle(contents, documentState(session.docs)),
    };
    this.plans.set(planId, stored);
    while (this.plans.size > MAX_PLANS) this.plans.delete(this.plans.keys().next().value!);
    return this.view(planId, stored);
  }

  diff(planId: string, file: string): { path: string; diff: string } {
    const session = this.host.requireSession();
    const stored = this.stored(planId, session);
    if (!stored.plan.items.some((i) => i.files.some((f) => f.path === file)))
      throw new HostError('NOT_FOUND', `${file} is not part of this import`);
    return { path: file, diff: planFileDiff(stored.contents, documentState(session.docs), file) };
  }

  discard(planId: string): boolean {
    return this.plans.delete(planId);
  }

  async apply(planId: string, choices: ImportChoices): Promise<ImportOutcome> {
    const session = this.writable();
    const stored = this.stored(planId, session);
    const state = documentState(session.docs);
    const fresh = planBundle(stored.contents, state);
    if (JSON.stringify(fresh.items) !== JSON.stringify(stored.plan.items)) {
      stored.plan = fresh;
      throw new HostError(
        'CONFLICT',
        'the workspace changed since the import was planned (a save, an edit or a file changed on disk): review the import again; nothing was written',
      );
    }
    // The documents as the commit starts: an edit that arrives while it runs is not replaced.
    const revisions = new Map(session.docs.values().map((e) => [e.rel, e.rev]));
    let outcome: Awaited<ReturnType<typeof applyBundle>>;
    try {
      outcome = await applyBundle({
        realRoot: session.realRoot,
        contents: stored.contents,
        state,
        plan: fresh,
        choices,
        onProgress: this.progress('import'),
      });
    } catch (error) {
      if (error instanceof ImportChoiceError) throw new HostError('INVALID_REQUEST', error.message);
      throw error;
    }
    this.plans.delete(planId);
    this.reflect(session, outcome.resolved.writes, outcome.committed.deleted, outcome.resolved.discarded, revisions);
    return {
      written: outcome.committed.written,
      deleted: outcome.committed.deleted,
      discarded: outcome.resolved.discarded,
      decisions: outcome.resolved.decisions.map((d) => (d.newId === undefined ? { key: d.key, action: d.action } : d)),
    };
  }

  /**
   * The open documents take in what the import wrote and removed, and drop the edits it
   * replaced (the user chose that in the plan). A document edited while the commit ran keeps
   * that edit and is put in conflict with the file the import wrote, as with any change on
   * disk: the user chooses.
   */
  private reflect(
    session: WorkspaceSession,
    writes: ReadonlyMap<string, string>,
    deleted: readonly string[],
    discarded: readonly string[],
    revisions: ReadonlyMap<string, number>,
  ): void {
    const events: { rel: string; text: string | null; conflict: boolean }[] = [];
    /** Typed into while the commit ran (not the watcher taking in the imported file: that leaves it clean). */
    const editedMeanwhile = (rel: string, imported: string | null): boolean => {
      const entry = session.docs.get(rel);
      return entry !== undefined && revisions.get(rel) !== entry.rev && isDirty(entry) && entry.text !== imported;
    };
    const conflict = (rel: string, text: string | null): void => {
      const entry = session.docs.get(rel)!;
      const diskHash = text === null ? null : contentHash(text);
      // The watcher may have seen the new file first and said so already.
      if (entry.conflict?.diskHash === diskHash) return;
      entry.conflict = { diskText: text, diskHash };
      events.push({ rel, text, conflict: true });
    };
    for (const [rel, text] of writes) {
      if (editedMeanwhile(rel, text)) {
        conflict(rel, text);
        continue;
      }
      session.docs.applyDisk(rel, text, contentHash(text));
      events.push({ rel, text, conflict: false });
    }
    for (const rel of deleted) {
      if (editedMeanwhile(rel, null)) {
        conflict(rel, null);
        continue;
      }
      session.docs.remove(rel);
      events.push({ rel, text: null, conflict: false });
    }
    for (const rel of discarded) {
      if (writes.has(rel) || deleted.includes(rel) || editedMeanwhile(rel, null)) continue;
      const remaining = session.docs.get(rel)?.savedText ?? null;
      session.docs.revert(rel);
      events.push({ rel, text: remaining, conflict: false });
    }
    const paths = events.filter((e) => !e.conflict).map((e) => e.rel);
    for (const rel of paths) this.host.editedAt.delete(rel);
    for (const e of events) {
      const ref = session.refOf(e.rel);
      const revision = e.conflict ? undefined : session.docs.get(e.rel)?.revision;
      if (ref)
        this.host.emit('doc:changedOnDisk', { ref, text: e.text, conflict: e.conflict, ...(revision !== undefined ? { revision } : {}) });
    }
    this.host.drafts?.schedule();
    if (paths.length) this.host.preview.diskChanged(paths);
  }

  // ---------- one request body ----------

  /** The body of `api` for what a target builds, and the model it names (requestModel). */
  async requestBody(api: ApiKind, target: BuildTarget, context: ParsedContextSpec): Promise<{ body: string; model: RequestModel }> {
    const session = this.host.requireSession();
    const inputs = this.host.preview.inputs(session, 'edited');
    const outcome = await runBuild(inputs, target, context);
    if (!outcome.ok) throw new HostError('BUILD_FAILED', outcome.error);
    let input: RequestInput;
    if (outcome.kind === 'stack') input = requestInputFromStack(outcome.result as unknown as StackBuildResult, api);
    else {
      const result = outcome.result as VariantBuildResult;
      const resolved = resolveVariantContext(inputs.snapshot, context);
      if (!resolved.ok) throw new HostError('BUILD_FAILED', resolved.error);
      const variant = inputs.snapshot.variants.find((v) => v.id === result.variantId);
      input = requestInputFromVariant(result, resolved.value, variant, api);
    }
    return { body: requestBodyText(api, input), model: input.modelChoice! };
  }
}
