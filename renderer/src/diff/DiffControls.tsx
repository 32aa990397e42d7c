import { useMemo } from 'react';
import type { BaselineSpec } from '../../../shared/ipc/contract';
import { CAPTURE_PIN_PREFIX, unpinCaptureBaseline, useCaptureBaseline } from '../store/capture-baseline';
import { baselineKey } from '../store/diff-slice';
import { NONE, studio, useStudio } from '../store';
import { useLayout } from '../ui/layout-store';
import { openDiffInCompare } from './open-in-compare';
import { NARROW_SIDE_BY_SIDE_PX } from './side-by-side-room';

function parseBaseline(v: string): BaselineSpec {
  const [kind, ...rest] = v.split(':');
  const name = rest.join(':');
  if (kind === 'variant') return { kind: 'variant', variantId: name };
  if (kind === 'preset') return { kind: 'preset', name };
  if (kind === 'snapshot') return { kind: 'snapshot', name };
  return { kind: 'saved' };
}

/** The preview's diff switch, its baseline and its layout (shown in the preview's header). */
export function DiffControls() {
  const diffOn = useStudio((s) => s.diffOn);
  const layout = useStudio((s) => s.diffLayout);
  const choice = useStudio((s) => s.baselineChoice);
  const variants = useStudio((s) => s.workspace?.variants ?? NONE);
  const allPresets = useStudio((s) => s.workspace?.presets ?? NONE);
  // Baselines build with another variant preset (the host turns one into a stack context for profiles).
  const presets = useMemo(() => allPresets.filter((p) => p.kind === 'variant'), [allPresets]);
  const snapshots = useStudio((s) => s.snapshots);
  const narrow = useLayout((s) => s.preview < NARROW_SIDE_BY_SIDE_PX);
  // A captured request pinned from the every-harness view: a group of its own, with an Unpin.
  const captured = useCaptureBaseline();
  const pins = captured ? snapshots.filter((n) => n !== captured.name) : snapshots;
  const onCaptured = captured !== null && baselineKey(choice) === `snapshot:${captured.name}`;
  return (
    <div className="diff-controls">
      <button
        className={`toggle${diffOn ? ' on' : ''}`}
        aria-pressed={diffOn}
        onClick={() => studio.getState().toggleDiff()}
        title="Toggle diff (Ctrl+Shift+D)"
        data-testid="diff-toggle"
      >
        Diff
      </button>
      {diffOn && (
        <>
          <select
            aria-label="Baseline"
            value={baselineKey(choice)}
            onChange={(e) => studio.getState().setBaselineChoice(parseBaseline(e.target.value))}
            data-testid="baseline-select"
          >
            <option value="saved">vs last saved</option>
            <optgroup label="vs another variant">
              {variants.map((v) => (
                <option key={v.id} value={`variant:${v.id}`}>
                  {v.id}
                </option>
              ))}
            </optgroup>
            <optgroup label="vs another preset">
              {presets.map((p) => (
                <option key={p.name} value={`preset:${p.name}`}>
                  {p.name}
                </option>
              ))}
            </optgroup>
            {pins.length > 0 && (
              <optgroup label="vs a pinned snapshot">
                {pins.map((n) => (
                  <option key={n} value={`snapshot:${n}`}>
                    {n}
                  </option>
                ))}
              </optgroup>
            )}
            {captured && (
              <optgroup label="vs a captured request">
                <option value={`snapshot:${captured.name}`}>{captured.name.slice(CAPTURE_PIN_PREFIX.length)} (captured)</option>
              </optgroup>
            )}
          </select>
          {onCaptured && (
            <button
              className="small"
              data-testid="capture-baseline-unpin"
              title="Back to the baseline before"
              onClick={() => void unpinCaptureBaseline()}
            >
              Unpin capture
            </button>
          )}
          <button
            className="small"
            data-testid="diff-layout"
            title={layout === 'side' ? 'Show the changes in one column' : 'Show the baseline and the prompt in two columns'}
            onClick={() => studio.getState().setDiffLayout(layout === 'side' ? 'inline' : 'side')}
          >
            {layout === 'side' ? 'Show inline' : 'Show side by side'}
          </button>
          {layout === 'side' && narrow && (
            <span className="narrow-offer" data-testid="narrow-offer">
              Narrow for two columns:{' '}
              <button className="link" onClick={() => openDiffInCompare(studio.getState())}>
                open it in the compare view
              </button>
            </span>
          )}
        </>
      )}
    </div>
  );
}
