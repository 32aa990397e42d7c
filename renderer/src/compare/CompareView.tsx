import { useEffect } from 'react';
import { studio, useStudio } from '../store';
import { CacheView } from './CacheView';
import { ColumnsView } from './ColumnsView';
import { MatrixView } from './MatrixView';
import { RoutingView } from './RoutingView';
import type { CompareTab } from '../store/compare/view-slice';
import './compare.css';

const TABS: [CompareTab, string][] = [
  ['columns', 'Columns'],
  ['routing', 'Routing'],
  ['matrix', 'Snapshot matrix'],
  ['cache', 'Prompt cache'],
];

/** The compare view: columns side by side, the routing table, the snapshot matrix and the prompt-cache view. */
export function CompareView() {
  const tab = useStudio((s) => s.compareTab);
  const maximized = useStudio((s) => s.compareMaximized);
  const split = useStudio((s) => s.compareSplit);
  const contextKey = useStudio((s) => JSON.stringify(s.contextSpec()));
  // Another workspace: its own columns (remembered, or the default ones), built again.
  const session = useStudio((s) => s.workspace?.sessionId);
  // Live columns while the view is shown; the host stops rebuilding them when it closes.
  useEffect(() => {
    if (tab !== 'columns') return;
    void studio.getState().startCompare();
    return () => void studio.getState().stopCompare();
  }, [tab, contextKey, session]);
  const s = studio.getState();
  return (
    <section className="compare-view" aria-label="Compare" data-testid="compare-view">
      <div className="compare-toolbar" role="tablist">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            role="tab"
            aria-selected={tab === id}
            className={tab === id ? 'active' : ''}
            onClick={() => s.setCompareTab(id)}
            data-testid={`compare-tab-${id}`}
          >
            {label}
          </button>
        ))}
        <span className="spacer" />
        {!maximized && (
          <button
            className={`small toggle${split ? ' on' : ''}`}
            aria-pressed={split}
            onClick={() => s.toggleCompareSplit()}
            title="Keep the editor beside the compare view"
          >
            Editor beside
          </button>
        )}
        <button
          className={`small toggle${maximized ? ' on' : ''}`}
          aria-pressed={maximized}
          onClick={() => s.toggleCompareMaximized()}
          data-testid="compare-maximize"
          title="Use the whole window"
        >
          {maximized ? 'Restore' : 'Whole window'}
        </button>
      </div>
      <div className="compare-body" role="tabpanel">
        {tab === 'columns' && <ColumnsView />}
        {tab === 'routing' && <RoutingView />}
        {tab === 'matrix' && <MatrixView />}
        {tab === 'cache' && <CacheView />}
      </div>
    </section>
  );
}
