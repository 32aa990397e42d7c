import { lazy, useEffect } from 'react';
// These sheets style parts of the first screen too (copy buttons, selection bar, budgets, the compare tab), so they load with it.
import '../bundles/bundles.css';
import '../compare/compare.css';
import { CopyButtons } from '../bundles/CopyButtons';
import { SelectionBar } from '../bundles/SelectionBar';
import { CompareTab } from '../compare/CompareTab';
import { PreviewBudgets } from '../compare/PreviewBudgets';
import { columnActions } from '../compare/slots';
import { PresetSelect } from '../context-form/PresetSelect';
import { DiffControls } from '../diff/DiffControls';
import { EditorArea } from '../editor/EditorArea';
import { Explorer } from '../explorer/Explorer';
import { FolderBrowser } from '../folders/FolderBrowser';
import { harnessStore, useHarnessView } from '../harnesses/harness-store';
import { HelpPanel } from '../help/HelpPanel';
import { monacoReady } from '../monaco/ready';
import { CommandPalette } from '../palette/CommandPalette';
import { PreviewPane } from '../preview/PreviewPane';
import { ProblemCount, ProblemsPanel } from '../problems/ProblemsPanel';
import { studio, useStudio } from '../store';
import type { BottomTab } from '../store/ui-slice';
import { useLayout } from '../ui/layout-store';
import { Splitter } from '../ui/Splitter';
import { TextPrompt } from '../ui/TextPrompt';
import { BundleDialogs, ComparePanel, CompareView, ComponentList, ContextForm, HarnessesView, PlaceholdersTable } from './lazy-views';
import { ConfirmDialog, LiveRegion, Notices } from './Overlays';
import { PreviewRunTab, RunOverlays } from './run-parts';

/**
 * The workbench: every feature's view in its place. Features do not import each other (see
 * ../README.md); where one shows another's view, it is handed over here, as a prop or by
 * filling a slot the feature declares.
 */
columnActions.fill(CopyButtons);

/** The diff editor is Monaco's: its own chunk, after the first paint. */
const DiffView = lazy(() => monacoReady().then(() => import('../diff/DiffView').then((m) => ({ default: m.DiffView }))));

const BOTTOM_TABS: [BottomTab, string][] = [
  ['components', 'Components'],
  ['placeholders', 'Placeholders'],
  ['context', 'Context'],
  ['compare', 'Compare'],
  ['problems', 'Problems'],
];

function BottomPanel() {
  const tab = useStudio((s) => s.bottomTab);
  return (
    <section className="bottom-panel" aria-label="Variant and context">
      <div className="panel-tabs" role="tablist">
        {BOTTOM_TABS.map(([id, label]) => (
          <button
            key={id}
            role="tab"
            aria-selected={tab === id}
            className={tab === id ? 'active' : ''}
            onClick={() => studio.getState().setBottomTab(id)}
            data-testid={`bottom-tab-${id}`}
          >
            {label}
            {id === 'problems' && <ProblemCount />}
          </button>
        ))}
      </div>
      <div className="panel-body" role="tabpanel">
        {tab === 'components' && <ComponentList />}
        {tab === 'placeholders' && <PlaceholdersTable />}
        {tab === 'context' && <ContextForm />}
        {tab === 'compare' && <ComparePanel />}
        {tab === 'problems' && <ProblemsPanel />}
      </div>
    </section>
  );
}

/** The open workspace's name in the top bar and the window title. */
function WorkspaceName() {
  const name = useStudio((s) => s.workspace?.name);
  const readOnly = useStudio((s) => s.workspace?.readOnly === true);
  useEffect(() => {
    document.title = name ? `${name} — Variant Studio` : 'Variant Studio';
  }, [name]);
  if (!name) return null;
  return (
    <span className="workspace-name" data-testid="workspace-name">
      {name}
      {readOnly && <span className="badge">read-only</span>}
    </span>
  );
}

function TopBar() {
  const edited = useStudio((s) => s.contextEdited && s.target?.kind !== 'profile');
  const dirtyCount = useStudio((s) => Object.values(s.docs).filter((d) => d.dirty).length);
  return (
    <header className="topbar">
      <span className="app-name">Variant Studio</span>
      <WorkspaceName />
      <span className="top-preset">
        <PresetSelect label="Context" ariaLabel="Context preset" testId="preset-select" />
        {edited && <span className="badge">edited</span>}
      </span>
      <span className="spacer" />
      {dirtyCount > 0 && (
        <button className="small" onClick={() => void studio.getState().saveAll()} title="Save all (Ctrl+Alt+S)">
          Save all ({dirtyCount})
        </button>
      )}
      <button
        className="small"
        onClick={() => studio.getState().openConnections(true)}
        data-testid="open-connections"
        title="Connections to model providers and their keys"
      >
        Models
      </button>
      <button className="small" onClick={() => studio.getState().openEval(true)} data-testid="open-eval" title="Run the workspace’s tests">
        Eval
      </button>
      <button className="small" onClick={() => harnessStore.getState().setOpen(true)} data-testid="open-harnesses">
        Harnesses
      </button>
      <button
        className="small"
        onClick={() => studio.getState().openCompare()}
        data-testid="open-compare"
        title="Compare variants, models and presets side by side"
      >
        Compare
      </button>
      <button className="small" onClick={() => studio.getState().openPalette()} title="Ctrl+Shift+P">
        Commands
      </button>
      <button
        className="small"
        onClick={() => studio.getState().showHelp('getting-started')}
        title="Getting started and keyboard shortcuts"
      >
        Help
      </button>
    </header>
  );
}

export function App() {
  const explorer = useLayout((s) => s.explorer);
  const preview = useLayout((s) => s.preview);
  const bottom = useLayout((s) => s.bottom);
  const harnesses = useHarnessView((s) => s.open);
  // The compare view can take the whole window: the other panes shrink to nothing but stay mounted.
  const whole = useStudio((s) => s.compareLayout === 'window' && s.compareActive);
  // The bundle dialogs' chunk loads the first time one opens (lazy-views.tsx).
  const bundleDialog = useStudio((s) => s.bundleDialog !== null);
  return (
    <div className="app">
      <TopBar />
      <main
        className={`workbench${whole ? ' compare-maximized' : ''}`}
        style={{ gridTemplateColumns: whole ? '0 0 minmax(280px, 1fr) 0 0' : `${explorer}px 5px minmax(280px, 1fr) 5px ${preview}px` }}
      >
        <Explorer selectionBar={<SelectionBar />} />
        <Splitter part="explorer" orientation="vertical" sign={1} label="Resize the explorer" />
        <div className="center" style={{ gridTemplateRows: whole ? 'minmax(120px, 1fr) 0 0' : `minmax(120px, 1fr) 5px ${bottom}px` }}>
          <EditorArea tabsEnd={<CompareTab />} compare={<CompareView />} />
          <Splitter part="bottom" orientation="horizontal" sign={-1} label="Resize the bottom panel" />
          <BottomPanel />
        </div>
        <Splitter part="preview" orientation="vertical" sign={-1} label="Resize the preview" />
        <PreviewPane
          actions={<CopyButtons />}
          diffControls={<DiffControls />}
          budgets={<PreviewBudgets />}
          diffView={<DiffView />}
          run={<PreviewRunTab />}
        />
      </main>
      {harnesses && <HarnessesView />}
      <RunOverlays />
      <CommandPalette />
      {bundleDialog && <BundleDialogs />}
      <ConfirmDialog />
      <FolderBrowser />
      <TextPrompt />
      <HelpPanel />
      <Notices />
      <LiveRegion />
    </div>
  );
}
