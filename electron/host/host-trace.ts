import { performance } from 'node:perf_hooks';
import { TraceBuffer, traceTo } from '../../shared/ipc/trace.js';

/**
 * The host's timing marks (shared/ipc/trace.ts): off unless the host is started with
 * VARIANT_STUDIO_TRACE=1 (bench:ui does) or `trace: true`. One buffer per process.
 */
let buffer: TraceBuffer | undefined;

export function startHostTrace(): void {
  if (buffer) return;
  buffer = new TraceBuffer(performance);
  traceTo(buffer.record);
}

export function hostTraceWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VARIANT_STUDIO_TRACE === '1';
}

/** The marks since the last call (none when the host does not trace). */
export function takeHostMarks(): { enabled: boolean; now: number; marks: { name: string; at: number }[] } {
  const now = performance.timeOrigin + performance.now();
  return buffer ? { enabled: true, now, marks: buffer.take() } : { enabled: false, now, marks: [] };
}
