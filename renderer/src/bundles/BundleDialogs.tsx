import { studio, useStudio } from '../store';
import './bundles.css';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './ImportDialog';

function Progress() {
  const p = useStudio((s) => s.bundleProgress);
  if (!p) return null;
  const percent = p.total > 0 ? Math.round((p.done / p.total) * 100) : null;
  return (
    <div className="bundle-progress" role="status" data-testid="bundle-progress">
      <span>{p.label}…</span>
      <progress max={100} value={percent ?? undefined} />
      {percent !== null && <span>{percent}%</span>}
    </div>
  );
}

/** The export and import dialogs (one at a time). */
export function BundleDialogs() {
  const dialog = useStudio((s) => s.bundleDialog);
  const busy = useStudio((s) => s.bundleBusy);
  if (!dialog) return null;
  const title = dialog.kind === 'export' ? 'Export' : 'Import a bundle';
  return (
    <div className="modal-backdrop">
      <div
        className="modal bundle-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="bundle-dialog-title"
        data-testid={`${dialog.kind}-dialog`}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) void studio.getState().closeBundleDialog();
        }}
      >
        <h2 id="bundle-dialog-title">{title}</h2>
        {dialog.kind === 'export' ? <ExportDialog initialFormat={dialog.format} /> : <ImportDialog />}
        <Progress />
      </div>
    </div>
  );
}
