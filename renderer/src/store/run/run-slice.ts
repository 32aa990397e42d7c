import type { SliceCreator } from '../types';
import { createConnectionsSlice, type ConnectionsSlice } from './connections-slice';
import { createEvalSlice, type EvalSlice } from './eval-slice';
import { createPlaygroundSlice, type PlaygroundSlice } from './playground-slice';

/** Everything the run feature keeps in the store: connections, the playground's runs, the eval. */
export type RunSlice = ConnectionsSlice & PlaygroundSlice & EvalSlice;

export const createRunSlice: SliceCreator<RunSlice> = (...a) => ({
  ...createConnectionsSlice(...a),
  ...createPlaygroundSlice(...a),
  ...createEvalSlice(...a),
});
