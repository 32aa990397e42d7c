import { studio, useStudio } from '../store';

/** The compare view's tab in the editor area's tab strip (shown once the view was opened). */
export function CompareTab() {
  const open = useStudio((s) => s.compareOpen);
  const active = useStudio((s) => s.compareActive);
  if (!open) return null;
  return (
    <div className={`tab compare-tab${active ? ' active' : ''}`} role="presentation">
      <button role="tab" aria-selected={active} onClick={() => studio.getState().openCompare()} data-testid="compare-tab">
        ⇄ Compare
      </button>
      <button className="tab-close" aria-label="Close the compare view" title="Close" onClick={() => studio.getState().closeCompare()}>
        ×
      </button>
    </div>
  );
}
