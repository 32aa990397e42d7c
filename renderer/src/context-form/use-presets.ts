import { useMemo } from 'react';
import { useStudio } from '../store';
import { allPresets } from './context-slice';

/** The presets that fit the current target (stack presets for profiles, the others for variants) and the one in use. */
export function usePresetsForTarget(): { presets: { name: string; description: string }[]; current: string | null } {
  const ws = useStudio((s) => s.workspace);
  const all = useMemo(() => allPresets(ws), [ws]);
  const kinds = useStudio((s) => s.presetKinds);
  const stack = useStudio((s) => s.target?.kind === 'profile');
  const current = useStudio((s) => (s.target?.kind === 'profile' ? s.stackPresetName : s.presetName));
  const presets = useMemo(() => all.filter((p) => (kinds[p.name] === 'stack') === stack), [all, kinds, stack]);
  return { presets, current };
}
