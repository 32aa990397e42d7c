import { traceTo } from '../../../shared/ipc/trace';

/**
 * The page's timing marks as User Timing marks (`vs:<name>`). A mark costs tens of
 * microseconds in Chromium, as much as some stages it measures: on the path each mark is only
 * a time pushed onto a list, and the list becomes User Timing marks (with those times) a
 * second after the last one, or when `flushPageMarks` is called (bench:ui does before it reads
 * them).
 */
let pending: { name: string; at: number }[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

export function flushPageMarks(): void {
  clearTimeout(timer);
  timer = undefined;
  const marks = pending;
  pending = [];
  for (const m of marks) performance.mark(`vs:${m.name}`, { startTime: m.at });
}

export function startPageTrace(): void {
  traceTo((name) => {
    pending.push({ name, at: performance.now() });
    clearTimeout(timer);
    timer = setTimeout(flushPageMarks, 1000);
  });
  (window as unknown as { __vsFlushMarks?: () => void }).__vsFlushMarks = flushPageMarks;
}
