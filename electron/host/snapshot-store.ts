import fs from 'node:fs';
import { SNAPSHOT_DIR, snapshotRelPath } from '../../shared/engine/snapshots/snapshot-files.js';
import { saveTextAtomic } from './atomic-save.js';
import { resolveInside } from './confine.js';
import { contentHash } from './hash.js';
import { readTextFile } from './text-file.js';

/**
 * The workspace's prompt snapshots on disk, `<workspace>/snapshots/<variant>/<preset>.md`:
 * the files the CLI's `snapshot` command reads and writes. Every path is checked to stay
 * inside the workspace (a variant or preset name cannot lead elsewhere, nor can a symlink).
 */
export class SnapshotStore {
  constructor(private readonly realRoot: string) {}

  private absolute(variantId: string, preset: string): string {
    return resolveInside(this.realRoot, `${SNAPSHOT_DIR}/${snapshotRelPath(variantId, preset)}`);
  }

  /** The stored text at `<variant>/<preset>.md` (relative to the snapshot folder), or undefined. */
  read(relPath: string): string | undefined {
    let absolute: string;
    try {
      absolute = resolveInside(this.realRoot, `${SNAPSHOT_DIR}/${relPath}`);
    } catch {
      return undefined;
    }
    const read = readTextFile(absolute);
    return read.kind === 'text' ? read.text : undefined;
  }

  /**
   * The `<variant>/<file>` names under the snapshot folder, listed without blocking: what
   * `read` can find (read still checks each path). A matrix of 10,000 cells then reads only
   * the files there are, instead of probing every path.
   */
  async listing(): Promise<Set<string>> {
    const names = new Set<string>();
    let dir: string;
    try {
      dir = resolveInside(this.realRoot, SNAPSHOT_DIR);
    } catch {
      return names;
    }
    const entries = (where: string) => fs.promises.readdir(where, { withFileTypes: true }).catch(() => []);
    const variants = (await entries(dir)).filter((e) => e.isDirectory() || e.isSymbolicLink());
    await Promise.all(
      variants.map(async (variant) => {
        for (const file of await entries(`${dir}/${variant.name}`)) names.add(`${variant.name}/${file.name}`);
      }),
    );
    return names;
  }

  /**
   * The listing's names, each with a stamp of its file as it is now (device, inode, size, change
   * and modification times in nanoseconds; empty when it cannot be stat'ed), without blocking.
   * Taken before the files are read, two equal stamped listings say that no file was written,
   * replaced, added or removed in between: what was read then is what a read would give now.
   */
  async stampedListing(): Promise<Map<string, string>> {
    const names = await this.listing();
    const stamps = new Map<string, string>();
    let dir: string;
    try {
      dir = resolveInside(this.realRoot, SNAPSHOT_DIR);
    } catch {
      return stamps;
    }
    await Promise.all(
      [...names].map(async (rel) => {
        const stat = await fs.promises.stat(`${dir}/${rel}`, { bigint: true }).catch(() => undefined);
        stamps.set(rel, stat ? `${stat.dev}:${stat.ino}:${stat.size}:${stat.ctimeNs}:${stat.mtimeNs}` : '');
      }),
    );
    return stamps;
  }

  /** The hash of a stored snapshot's text (null: no file). */
  hashOf(text: string | undefined): string | null {
    return text === undefined ? null : contentHash(text);
  }

  /**
   * Writes a snapshot atomically if the file still has the content the user saw (the hash of
   * its bytes, or null for "no file yet"). Answers false on a conflict.
   */
  async write(variantId: string, preset: string, text: string, expectedHash: string | null): Promise<boolean> {
    const result = await saveTextAtomic(this.absolute(variantId, preset), text, expectedHash);
    return result.status === 'saved';
  }
}
