import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ContextPreset } from '../../shared/domain/preset.js';
import { deterministicBuildOptions } from '../../shared/engine/snapshots/snapshot-files.js';
import type { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import type { ToolCatalog } from '../../shared/engine/tools/tool-catalog.js';
import type { Variant } from '../../shared/domain/variant.js';
import { budgetUsage } from '../../shared/engine/budgets/token-budgets.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { digestBuild } from './matrix-cell-memo.js';
import { registryOf, type FromMatrixWorker, type ToMatrixWorker, type WorkerCount, type WorkerDigest } from './matrix-worker-protocol.js';
import { loadTokenCounter } from './tokens.js';

/**
 * The entry of a snapshot matrix's worker thread (started by matrix-in-workers.ts; built to
 * dist-lib/electron/host/matrix-worker.js by tsc and to dist-electron/matrix-worker.js by
 * Vite). It builds the rows it is sent with the same functions as the host's thread (the memo's
 * digestBuild; the token counts as MatrixBuilds counts them), so its answers are the ones the
 * host's thread would make, and the prompts, counting and garbage stay off the host's loop.
 */

interface Side {
  objects: { components: ComponentRegistry; tools: ToolCatalog };
  presets: ContextPreset[];
}

/** What the worker makes of one cell. */
type CellTask = (side: Side, variant: Variant, preset: ContextPreset) => WorkerDigest | WorkerCount;

const options = deterministicBuildOptions();

const digest: CellTask = (side, variant, preset) => {
  const made = digestBuild(side.objects, variant, preset, options);
  return { ...made.digest, exact: made.exact };
};

/** The counts as MatrixBuilds counts them on the host's thread. */
const counting =
  (count: (text: string) => number): CellTask =>
  (side, variant, preset) => {
    const { components, tools } = side.objects;
    const result = buildVariantPrompt({ variant, context: preset.context, components, tools, options });
    return { tokens: count(result.text), budgetsOver: variant.budgets ? budgetUsage(variant.budgets, result, count).exceeded.length : 0 };
  };

/**
 * The workers' nice value: below the host's thread, so the editor's loop (and on the desktop the
 * renderer) gets a core at once when it has work, and the matrix takes what is left. Only on
 * Linux, where a thread's priority is its own (elsewhere it would lower the whole process).
 */
const WORKER_NICE = 10;

if (parentPort) {
  if (process.platform === 'linux') {
    try {
      os.setPriority(WORKER_NICE);
    } catch {
      // Not allowed here: the worker runs at the host's priority.
    }
  }
  const port = parentPort;
  const sides = new Map<number, Side>();
  let count: Promise<CellTask> | undefined;
  // One message after another: the first count waits for the encoders, and the ones after it for the first.
  let queue = Promise.resolve();
  const handle = async (message: ToMatrixWorker): Promise<void> => {
    if (message.type === 'sides') {
      // A new job: the last one's sides go.
      sides.clear();
      message.sides.forEach(({ components, tools, presets }, i) =>
        sides.set(i, { objects: { components: registryOf(components), tools }, presets }),
      );
      return;
    }
    const task = message.task === 'digest' ? digest : await (count ??= loadTokenCounter().then(counting));
    const rows = message.rows.map((row) => {
      const side = sides.get(row.side)!;
      return { job: row.job, results: row.presets.map((p) => task(side, row.variant, side.presets[p]!)) };
    });
    port.postMessage({ type: 'results', rows } satisfies FromMatrixWorker);
  };
  port.on('message', (message: ToMatrixWorker) => {
    queue = queue
      .then(() => handle(message))
      .catch((error: unknown) =>
        port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FromMatrixWorker),
      );
  });
}
