import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { BaselineSpec } from '../../../shared/ipc/contract';
import { call } from './api';
import { sameBaseline } from './diff-slice';
import { studio } from './index';

/**
 * A captured request pinned as the preview's diff baseline (the every-harness view's "Use as
 * diff baseline"): the host keeps its text as a pinned baseline named after the agent and its
 * release; the diff menu offers it as "vs a captured request". One at a time: pinning another
 * capture lets the first go. Unpinning lets it go and brings back the baseline (and the diff
 * switch) chosen before.
 */

export const CAPTURE_PIN_PREFIX = 'captured: ';

export interface CaptureBaseline {
  /** The pin's name: `captured: <agent> <release>`. */
  name: string;
  previous: BaselineSpec;
  previousDiffOn: boolean;
}

export const captureBaselineStore = createStore<{ pinned: CaptureBaseline | null }>()(() => ({ pinned: null }));

export function useCaptureBaseline(): CaptureBaseline | null {
  return useStore(captureBaselineStore, (s) => s.pinned);
}

/** The name of the pin of a capture of `agent` (its profile's name) at `release`. */
export function capturePinName(agent: string, release: string): string {
  return `${CAPTURE_PIN_PREFIX}${agent} ${release}`.slice(0, 100);
}

/** Pins `text` (the captured request's prompt text) as the diff baseline `name` and shows the diff against it. */
export async function pinCaptureBaseline(name: string, text: string): Promise<boolean> {
  const before = captureBaselineStore.getState().pinned;
  const names = await call('snapshot:pin', { name, text });
  if (!names) return false;
  const s = studio.getState();
  const onBefore = before !== null && sameBaseline(s.baselineChoice, { kind: 'snapshot', name: before.name });
  const pinned: CaptureBaseline = onBefore ? { ...before, name } : { name, previous: s.baselineChoice, previousDiffOn: s.diffOn };
  let kept = names;
  if (before && before.name !== name) kept = (await call('snapshot:unpin', { name: before.name })) ?? names;
  captureBaselineStore.setState({ pinned });
  studio.setState({ snapshots: kept });
  s.setBaselineChoice({ kind: 'snapshot', name });
  s.toggleDiff(true);
  s.announce(`Diff against the request ${name.slice(CAPTURE_PIN_PREFIX.length)} sent`);
  return true;
}

/** Lets the pinned capture go: the diff goes back to the baseline chosen before it. */
export async function unpinCaptureBaseline(): Promise<void> {
  const pinned = captureBaselineStore.getState().pinned;
  if (!pinned) return;
  captureBaselineStore.setState({ pinned: null });
  const s = studio.getState();
  if (sameBaseline(s.baselineChoice, { kind: 'snapshot', name: pinned.name })) {
    s.setBaselineChoice(pinned.previous);
    s.toggleDiff(pinned.previousDiffOn);
  }
  const names = await call('snapshot:unpin', { name: pinned.name });
  if (names) studio.setState({ snapshots: names });
}
