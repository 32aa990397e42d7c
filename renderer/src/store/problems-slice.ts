import type { CheckFinding, CheckFindingGroup } from '../../../shared/ipc/contract';
import { call } from './api';
import type { SliceCreator } from './types';

export interface ProblemsSlice {
  /** What `variant-studio check --strict` reports for the open workspace as edited (null: not checked yet). */
  findings: CheckFinding[] | null;
  /** The same findings grouped as the CLI prints them: identical ones across variants and presets as one, with a count. */
  findingGroups: CheckFindingGroup[] | null;
  refreshFindings(): Promise<void>;
}

export const createProblemsSlice: SliceCreator<ProblemsSlice> = (set, get) => {
  let asked = 0;
  return {
    findings: null,
    findingGroups: null,
    async refreshFindings() {
      if (!get().workspace) return;
      const n = ++asked;
      // Unreachable variants are those no id of the model list (the routing table's) reaches.
      const modelIds = [...new Set(get().modelCatalog.flatMap((p) => p.models))].slice(0, 2000);
      const r = await call('check:run', { modelIds });
      // An answer to an older question (the user typed on) is dropped.
      if (r && n === asked) set({ findings: r.findings, findingGroups: r.groups ?? null });
    },
  };
};
