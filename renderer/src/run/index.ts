/**
 * The run feature's views, loaded on first use (app/ imports this module lazily): the
 * preview's Run tab, each compare column's Run and the bar above the columns, the
 * connections dialog and the eval view.
 */
export { ColumnRun, ColumnsRunBar, ColumnsRunRow } from './ColumnRun';
export { ConnectionsDialog } from './ConnectionsDialog';
export { EvalView } from './EvalView';
export { PreviewRun } from './PreviewRun';
