import { parentPort } from 'node:worker_threads';
import type { ContextPreset } from '../../shared/domain/preset.js';
import { deterministicBuildOptions } from '../../shared/engine/snapshots/snapshot-files.js';
import type { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import type { ToolCatalog } from '../../shared/engine/tools/tool-catalog.js';
import { digestBuild } from './matrix-cell-memo.js';
import { registryOf, type FromMatrixWorker, type ToMatrixWorker, type WorkerDigest } from './matrix-worker-protocol.js';

/**
 * The entry of a snapshot matrix's worker thread (started by matrix-in-workers.ts; built to
 * dist-lib/electron/host/matrix-worker.js by tsc and to dist-electron/matrix-worker.js by
 * Vite). It builds the rows it is sent with the same function as the host's memo
 * (digestBuild), so the digests are the ones the host's thread would make, and their prompts
 * and garbage stay off the host's loop.
 */

interface Side {
  objects: { components: ComponentRegistry; tools: ToolCatalog };
  presets: ContextPreset[];
}

if (parentPort) {
  const port = parentPort;
  const options = deterministicBuildOptions();
  const sides = new Map<number, Side>();
  port.on('message', (message: ToMatrixWorker) => {
    if (message.type === 'side') {
      const { components, tools, presets } = message.value;
      sides.set(message.side, { objects: { components: registryOf(components), tools }, presets });
      return;
    }
    try {
      const rows = message.rows.map((row) => {
        const side = sides.get(row.side)!;
        const digests = row.presets.map((p): WorkerDigest => {
          const made = digestBuild(side.objects, row.variant, side.presets[p]!, options);
          return { ...made.digest, exact: made.exact };
        });
        return { job: row.job, digests };
      });
      port.postMessage({ type: 'digests', rows } satisfies FromMatrixWorker);
    } catch (error) {
      port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FromMatrixWorker);
    }
  });
}
