import type { CheckFinding } from '../../../shared/ipc/contract';
import { call } from './api';
import type { SliceCreator } from './types';

export interface ProblemsSlice {
  /** What `variant-studio check --strict` reports for the open workspace as edited (null: not checked yet). */
  findings: CheckFinding[] | null;
  refreshFindings(): Promise<void>;
}

export const createProblemsSlice: SliceCreator<ProblemsSlice> = (set, get) => {
  let asked = 0;
  return {
    findings: null,
    async refreshFindings() {
      if (!get().workspace) return;
      const n = ++asked;
      const r = await call('check:run', {});
      // An answer to an older question (the user typed on) is dropped.
      if (r && n === asked) set({ findings: r.findings });
    },
  };
};
