import { studio, useStudio } from '../store';

/** What is picked in the explorer for export (Ctrl/Cmd+click on variants and profiles). */
export function SelectionBar() {
  const picked = useStudio((s) => s.bundleSelection);
  const count = picked.variants.length + picked.profiles.length;
  if (count === 0) return null;
  return (
    <div className="bundle-selection" data-testid="bundle-selection">
      <span>{count} selected</span>
      <button className="small" onClick={() => studio.getState().openExport('bundle')}>
        Export…
      </button>
      <button className="small" onClick={() => studio.getState().clearBundleSelection()}>
        Clear
      </button>
    </div>
  );
}
