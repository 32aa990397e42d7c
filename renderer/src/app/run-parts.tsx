import { lazy, Suspense } from 'react';
import { columnsRunBar, columnsRunRow } from '../compare/slots';
import { studio, useStudio } from '../store';

/**
 * The run feature in the workbench. Its views are one chunk, loaded the first time one of them
 * is shown (the Run tab, the compare view's Run, the connections dialog, the eval view): the
 * app starts without it.
 */
const load = () => import('../run');
const PreviewRun = lazy(() => load().then((m) => ({ default: m.PreviewRun })));
const ColumnsRunBar = lazy(() => load().then((m) => ({ default: m.ColumnsRunBar })));
const ColumnsRunRow = lazy(() => load().then((m) => ({ default: m.ColumnsRunRow })));
const ConnectionsDialog = lazy(() => load().then((m) => ({ default: m.ConnectionsDialog })));
const EvalView = lazy(() => load().then((m) => ({ default: m.EvalView })));

/** The preview's Run tab. */
export function PreviewRunTab() {
  return (
    <Suspense fallback={<p className="muted pad">Loading…</p>}>
      <PreviewRun />
    </Suspense>
  );
}

/** Above the compare columns: the switch of their Run, and when on, the message and "send to every column". */
function RunBarSlot() {
  const open = useStudio((s) => s.compareRunOpen);
  return (
    <>
      <button
        className={`small toggle${open ? ' on' : ''}`}
        style={{ alignSelf: 'flex-start' }}
        aria-pressed={open}
        onClick={() => studio.getState().toggleCompareRun()}
        data-testid="compare-run-toggle"
        title="Send each column’s exact request to a model and see the replies side by side"
      >
        Run
      </button>
      {open && (
        <Suspense fallback={null}>
          <ColumnsRunBar />
        </Suspense>
      )}
    </>
  );
}

/** Under the column headers, while the Run is on: each column's Run and reply. */
function RunRowSlot({ columns }: { columns: number }) {
  const open = useStudio((s) => s.compareRunOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ColumnsRunRow columns={columns} />
    </Suspense>
  );
}

columnsRunBar.fill(RunBarSlot);
columnsRunRow.fill(RunRowSlot);

/** The connections dialog and the eval view, when open. */
export function RunOverlays() {
  const connections = useStudio((s) => s.connectionsOpen);
  const evalOpen = useStudio((s) => s.evalOpen);
  return (
    <Suspense fallback={null}>
      {evalOpen && <EvalView />}
      {connections && <ConnectionsDialog />}
    </Suspense>
  );
}
