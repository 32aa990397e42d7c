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
