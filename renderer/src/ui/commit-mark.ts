import { useLayoutEffect } from 'react';
import { mark } from '../../../shared/ipc/trace';

/** Records the timing mark `name` when React commits a render with a new `value` (only while tracing). */
export function useCommitMark(name: string, value: unknown): void {
  useLayoutEffect(() => mark(name), [name, value]);
}
