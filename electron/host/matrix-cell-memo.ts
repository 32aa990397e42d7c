import { createHash } from 'node:crypto';
import type { ContextPreset } from '../../shared/domain/preset.js';
import type { Variant } from '../../shared/domain/variant.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import type { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import type { BuildOptions } from '../../shared/engine/environment.js';
import { deterministicBuildOptions, snapshotFileText } from '../../shared/engine/snapshots/snapshot-files.js';
import type { ToolCatalog } from '../../shared/engine/tools/tool-catalog.js';
import type { WorkspaceSnapshot } from '../../shared/engine/workspace/workspace-snapshot.js';
import { contentKey } from './content-key.js';
import { wireComponents } from './matrix-worker-protocol.js';

/** What the matrix needs of one build (deterministic snapshot options) to make its cell. */
export interface BuildDigest {
  chars: number;
  /** Build warnings of severity warning. */
  warnings: number;
  /** The content hash (hash.ts) of the prompt's snapshot file text. */
  promptHash: string;
}

/** A build as made now: its digest, and its prompt (undefined when the digest came from the memo). */
export interface DigestedBuild {
  digest: BuildDigest;
  text: string | undefined;
  /** Whether the hash tells this prompt from every other (no lone surrogate): remembered digests always do. */
  exact: boolean;
}

interface Remembered {
  components: ComponentRegistry;
  tools: ToolCatalog;
  digest: BuildDigest;
}

/** contentHash(snapshotFileText(text)) without making the file text: the hash takes the prompt, then its final newline. */
export function snapshotHash(text: string): string {
  const tail = snapshotFileText('');
  return createHash('sha256').update(text, 'utf8').update(tail, 'utf8').digest('hex');
}

/** Digests remembered by content at most (two matrices of 10,000 cells: now and as saved). */
const CONTENT_MEMO_SIZE = 40_000;

/** Whether every surrogate of the text is paired: then its UTF-8 bytes (and so its hash) tell it from every other text. */
const wellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** What a build is made from besides its variant and preset. */
export type BuildObjects = Pick<WorkspaceSnapshot, 'components' | 'tools'>;

/** A build (deterministic snapshot options) and its digest: the one computation the memo and the matrix's workers make. */
export function digestBuild(ws: BuildObjects, variant: Variant, preset: ContextPreset, options: BuildOptions): DigestedBuild {
  const result = buildVariantPrompt({ variant, context: preset.context, components: ws.components, tools: ws.tools, options });
  const text = result.text;
  const digest: BuildDigest = {
    chars: text.length,
    warnings: result.warnings.filter((w) => w.severity === 'warning').length,
    promptHash: snapshotHash(text),
  };
  return { digest, text, exact: wellFormed(text) };
}

/**
 * The digests of the matrix's builds, remembered by the objects the build is made from (and by
 * their content, below): a
 * workspace snapshot never changes once loaded, and an edit makes new objects of what it
 * changed (typing in a base template replaces that variant alone: edited-templates.ts). So a
 * cell whose variant, preset, components and tools are the same objects as at its last build
 * is that build again, and the next matrix (another request, the saved baseline) takes it from
 * here instead of building 10,000 prompts anew. Held weakly: the digests of a snapshot go with
 * it. A prompt with a lone surrogate is never remembered (its hash would not tell it from the
 * same text with U+FFFD in its place, and the matrix compares remembered prompts by hash).
 */
export class MatrixCellMemo {
  private readonly builds = new WeakMap<Variant, WeakMap<ContextPreset, Remembered>>();
  /**
   * The same digests by the content of what they were made from: a workspace loaded anew (an
   * edited preset reloads it) makes new objects of unchanged files, whose builds are the same.
   */
  private readonly byContent = new Map<string, Map<string, Map<string, BuildDigest>>>();
  /** How many digests byContent holds. */
  private contentSize = 0;
  /** Each object's content key (null: it has none). */
  private readonly keys = new WeakMap<object, string | null>();
  /** The key of a registry with the tools last asked for with it (every cell of a workspace has the same). */
  private readonly objectKeys = new WeakMap<ComponentRegistry, { tools: ToolCatalog; key: string | null }>();
  private readonly options = deterministicBuildOptions();
  /** How many prompts this memo built (for tests: what was reused and what was not). */
  built = 0;

  digest(ws: WorkspaceSnapshot, variant: Variant, preset: ContextPreset): DigestedBuild {
    const known = this.known(ws, variant, preset);
    if (known) return { digest: known, text: undefined, exact: true };
    this.built++;
    const made = digestBuild(ws, variant, preset, this.options);
    if (made.exact) this.remember(ws, variant, preset, made.digest);
    return made;
  }

  /** The digest remembered for this build (of these objects, else of objects with the same content), if any. */
  known(ws: BuildObjects, variant: Variant, preset: ContextPreset): BuildDigest | undefined {
    const known = this.builds.get(variant)?.get(preset);
    if (known && known.components === ws.components && known.tools === ws.tools) return known.digest;
    // Nothing remembered by content (the first matrix): no key can find anything, none is made
    // (a variant's key hashes its whole template; the first matrix's lookups would make 500 of them before any build starts).
    if (this.contentSize === 0) return undefined;
    const key = this.cellKey(ws, variant, preset);
    const digest = key && this.byContent.get(key[0])?.get(key[1])?.get(key[2]);
    if (digest) this.rememberObjects(ws, variant, preset, digest);
    return digest;
  }

  /** Remembers the digest of a build whose hash tells its prompt from every other (made here or elsewhere: a worker). */
  remember(ws: BuildObjects, variant: Variant, preset: ContextPreset, digest: BuildDigest): void {
    this.rememberObjects(ws, variant, preset, digest);
    const key = this.cellKey(ws, variant, preset);
    if (key === undefined) return;
    if (this.contentSize >= CONTENT_MEMO_SIZE) {
      this.byContent.clear();
      this.contentSize = 0;
    }
    const [objects, variantKey, presetKey] = key;
    let variants = this.byContent.get(objects);
    if (!variants) this.byContent.set(objects, (variants = new Map()));
    let presets = variants.get(variantKey);
    if (!presets) variants.set(variantKey, (presets = new Map()));
    if (!presets.has(presetKey)) this.contentSize++;
    presets.set(presetKey, digest);
  }

  private rememberObjects(ws: BuildObjects, variant: Variant, preset: ContextPreset, digest: BuildDigest): void {
    let presets = this.builds.get(variant);
    if (!presets) this.builds.set(variant, (presets = new WeakMap()));
    presets.set(preset, { components: ws.components, tools: ws.tools, digest });
  }

  /**
   * The content keys of a build's inputs: its components and tools, its variant, its preset (by
   * its context, the one part of it a build reads); undefined when one has none. Three keys made
   * once per object, not one string per cell: 10,000 cells' joined keys were 2.7 MB the host's
   * young generation copied (its collections held the loop for 15 ms and more).
   */
  private cellKey(ws: BuildObjects, variant: Variant, preset: ContextPreset): [string, string, string] | undefined {
    let objects = this.objectKeys.get(ws.components);
    if (objects?.tools !== ws.tools) {
      const components = this.keyOf(ws.components, () => {
        const wire = wireComponents(ws.components);
        return wire && contentKey(wire);
      });
      const tools = this.keyOf(ws.tools, () => contentKey(ws.tools));
      objects = { tools: ws.tools, key: components === null || tools === null ? null : `${components} ${tools}` };
      this.objectKeys.set(ws.components, objects);
    }
    const variantKey = this.keyOf(variant, () => contentKey(variant));
    const presetKey = this.keyOf(preset.context, () => contentKey(preset.context));
    return objects.key === null || variantKey === null || presetKey === null ? undefined : [objects.key, variantKey, presetKey];
  }

  private keyOf(value: object, make: () => string | undefined): string | null {
    let key = this.keys.get(value);
    if (key === undefined) this.keys.set(value, (key = make() ?? null));
    return key;
  }

  /** The prompt of a build, made now (for the rare comparison a hash cannot decide). */
  text(ws: WorkspaceSnapshot, variant: Variant, preset: ContextPreset): string {
    const options = this.options;
    return buildVariantPrompt({ variant, context: preset.context, components: ws.components, tools: ws.tools, options }).text;
  }
}
