import { studio } from '../store';
import { usePresetsForTarget } from './use-presets';

/** A menu of the presets that fit the current target; choosing one loads it. */
export function PresetSelect({ label, ariaLabel, testId }: { label: string; ariaLabel: string; testId?: string }) {
  const { presets, current } = usePresetsForTarget();
  return (
    <label className="preset-choice">
      {label}{' '}
      <select
        aria-label={ariaLabel}
        value={current ?? ''}
        onChange={(e) => e.target.value && void studio.getState().loadPreset(e.target.value)}
        data-testid={testId}
      >
        {!current && <option value="">(none)</option>}
        {presets.map((p) => (
          <option key={p.name} value={p.name} title={p.description}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
