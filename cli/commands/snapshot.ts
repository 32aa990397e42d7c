import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { snapshotMatrix } from '../../shared/engine/compare/snapshot-matrix.js';
import {
  deterministicBuildOptions,
  SNAPSHOT_DIR,
  snapshotFileText,
  snapshotRelPath,
} from '../../shared/engine/snapshots/snapshot-files.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIo } from '../cli-io.js';
import { openWorkspace } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface SnapshotCommandOptions extends CommonOptions {
  dir?: string | undefined;
  update: boolean;
}

/**
 * Renders every variant x preset and compares with the stored files
 * (<dir>/<variant>/<preset>.md). Prints a unified diff per mismatch and exits 1;
 * --update rewrites them (and removes snapshots of variants or presets that no longer exist).
 * The app's snapshot matrix reads and approves the same files.
 */
export function snapshotCommand(options: SnapshotCommandOptions, io: CliIo): number {
  const ws = openWorkspace(options.workspace, io.cwd);
  const dir = options.dir ? path.resolve(io.cwd, options.dir) : path.join(ws.dir, SNAPSHOT_DIR);
  // A mistyped --dir would otherwise read as every snapshot missing; --update makes the folder.
  if (options.dir && !options.update && !existsSync(dir)) throw new UsageError(`--dir: the folder '${dir}' does not exist`);
  const read = (rel: string): string | undefined => {
    const file = path.join(dir, ...rel.split('/'));
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const matrix = snapshotMatrix({ workspace: ws.snapshot, options: deterministicBuildOptions(options.date), stored: read });
  const expected = new Set<string>();
  let mismatches = 0;
  let written = 0;
  const total = matrix.cells.length;
  matrix.cells.forEach((cell, i) => {
    const rel = snapshotRelPath(cell.variantId, cell.preset);
    expected.add(rel);
    if (cell.snapshot === 'same') return;
    const text = snapshotFileText(matrix.texts[i]!);
    if (options.update) {
      const file = path.join(dir, cell.variantId, `${cell.preset}.md`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      written++;
      return;
    }
    mismatches++;
    if (cell.snapshot === 'missing') io.stdout(`missing snapshot ${rel} (run with --update to write it)\n`);
    else io.stdout(createTwoFilesPatch(`a/${rel}`, `b/${rel}`, read(rel)!, text, 'stored snapshot', 'current build'));
  });
  // Stale snapshots: files for variants or presets that are gone.
  const stale: string[] = [];
  if (existsSync(dir)) {
    for (const v of readdirSync(dir, { withFileTypes: true })) {
      if (!v.isDirectory()) continue;
      for (const f of readdirSync(path.join(dir, v.name))) {
        const rel = `${v.name}/${f}`;
        if (f.endsWith('.md') && !expected.has(rel)) stale.push(rel);
      }
    }
  }
  for (const rel of stale) {
    if (options.update) rmSync(path.join(dir, rel));
    else {
      mismatches++;
      io.stdout(`stale snapshot ${rel}: no such variant and preset any more (run with --update to remove it)\n`);
    }
  }
  if (options.update) {
    io.stdout(`${written} snapshot(s) written, ${stale.length} removed, ${total - written} unchanged in ${dir}\n`);
    return EXIT_OK;
  }
  io.stdout(mismatches === 0 ? `${total} snapshot(s) match\n` : `${mismatches} of ${total + stale.length} snapshot(s) differ\n`);
  return mismatches === 0 ? EXIT_OK : EXIT_FINDINGS;
}
