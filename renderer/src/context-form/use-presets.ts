import { useMemo } from 'react';
import { useStudio } from '../store';
import { allPresets, type PresetEntry } from '../store/context-slice';

/** The presets that fit the current target (stack presets for profiles, the others for variants) and the one in use. */
export function usePresetsForTarget(): { presets: PresetEntry[]; current: string | null } {
  const ws = useStudio((s) => s.workspace);
  const all = useMemo(() => allPresets(ws), [ws]);
  const kind = useStudio((s) => (s.target?.kind === 'profile' ? 'stack' : 'variant'));
  const current = useStudio((s) => (s.target?.kind === 'profile' ? s.stackPresetName : s.presetName));
  const presets = useMemo(() => all.filter((p) => p.kind === kind), [all, kind]);
  return { presets, current };
}
