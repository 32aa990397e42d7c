import { lazy, Suspense, type ReactNode } from 'react';
import { monacoReady } from '../monaco/ready';
import { studio, useStudio, type StudioState } from '../store';
import { focusVariantId } from '../store/focus';
import { PlainText } from '../ui/PlainText';

/** Monaco and the editor come in their own chunk, after the first paint. */
const TemplateEditor = lazy(() => monacoReady().then(() => import('./TemplateEditor')));

/** The active document's text until the editor is there. */
function EditorFallback() {
  const text = useStudio((s) => (s.activeTab ? s.docs[s.activeTab]?.text : undefined));
  if (text === undefined) return <div className="empty-editor">Loading the editor…</div>;
  return <PlainText text={text} testId="template-plain-text" label="Template (the editor is loading)" />;
}

/** What a tab shows; a string so that typing (which changes the text, not these) re-renders nothing. */
function tabSignature(s: StudioState): string {
  return JSON.stringify(s.tabs.map((k) => [k, s.docs[k]?.title, s.docs[k]?.path, s.docs[k]?.dirty]));
}

/** The open documents' tabs, then what other features put after them (the compare view's tab). */
export function DocumentTabs({ end }: { end?: ReactNode }) {
  const signature = useStudio(tabSignature);
  const active = useStudio((s) => s.activeTab);
  // One tab of the strip is selected: the compare view's while it is in front, else the document's.
  // Beside the compare view the document keeps its highlight (it is still where the keys go).
  const compareInFront = useStudio((s) => s.compareActive);
  const tabs = JSON.parse(signature) as [string, string | undefined, string | undefined, boolean | undefined][];
  return (
    <div className="tabs" role="tablist" aria-label="Open documents" data-testid="tabs">
      {tabs.map(([key, title, path, dirty]) => {
        if (title === undefined) return null;
        const d = { title, path, dirty };
        return (
          <div key={key} className={`tab${key === active ? ' active' : ''}${d.dirty ? ' dirty' : ''}`} role="presentation">
            <button
              role="tab"
              aria-selected={key === active && !compareInFront}
              title={d.path}
              onClick={() => (studio.getState().activateTab(key), studio.getState().hideCompare())}
              data-doc-key={key}
            >
              {d.title}
              {d.dirty && <span className="dirty-dot" aria-label="unsaved changes" />}
            </button>
            <button
              className="tab-close"
              aria-label={`Close ${d.title}`}
              title="Close"
              onClick={() => void studio.getState().closeTab(key)}
            >
              ×
            </button>
          </div>
        );
      })}
      {end}
    </div>
  );
}

/**
 * The built-ins are read-only: at the first edit the offer to copy them is right here (the
 * edits go into the copy), not only when saving fails.
 */
function ReadOnlyOffer() {
  const edited = useStudio((s) => s.workspace?.readOnly === true && Object.values(s.docs).some((d) => d.dirty && d.ref));
  if (!edited) return null;
  return (
    <div className="banner info" role="status" data-testid="read-only-offer">
      The built-in variants are read-only: your edits are kept here, but they cannot be saved.
      <button className="primary" onClick={() => void studio.getState().copyWorkspace()}>
        Copy the built-ins to a folder of my own
      </button>
      <span className="muted">(your edits go with them)</span>
    </div>
  );
}

function Banner() {
  const key = useStudio((s) => s.activeTab);
  const disk = useStudio((s) => (s.activeTab ? s.docs[s.activeTab]?.disk : undefined));
  const path = useStudio((s) => (s.activeTab ? s.docs[s.activeTab]?.path : undefined));
  const builtinComponentId = useStudio((s) => (s.activeTab ? s.docs[s.activeTab]?.builtinComponentId : undefined));
  const variant = useStudio(focusVariantId);
  if (!key || path === undefined) return null;
  const doc = { disk, path, builtinComponentId };
  if (doc.disk) {
    return (
      <div className="banner warn" role="alert" data-testid="disk-banner">
        {doc.disk.text === null ? `${doc.path} was deleted on disk.` : `${doc.path} changed on disk while you had unsaved edits.`}
        {doc.disk.text !== null && (
          <button onClick={() => studio.getState().resolveDiskConflict(key, 'disk')}>Load the disk version</button>
        )}
        <button onClick={() => studio.getState().resolveDiskConflict(key, 'mine')}>Keep mine</button>
      </div>
    );
  }
  if (doc.builtinComponentId) {
    return (
      <div className="banner info">
        Default template of the built-in component {doc.builtinComponentId} (read-only).
        {variant && (
          <button onClick={() => void studio.getState().openComponentOverride(doc.builtinComponentId!)}>Override it in {variant}</button>
        )}
      </div>
    );
  }
  return null;
}

/** What other features put into the editor area (app/ composes them). */
export interface EditorAreaParts {
  /** After the documents' tabs (the compare view's tab). */
  tabsEnd?: ReactNode;
  /** Shown beside (or over) the editor while the compare view is active. */
  compare?: ReactNode;
}

export function EditorArea({ tabsEnd, compare }: EditorAreaParts) {
  const activeTab = useStudio((s) => s.activeTab);
  const compareActive = useStudio((s) => s.compareActive);
  const compareSplit = useStudio((s) => s.compareLayout === 'beside');
  return (
    <section className="editor-area" aria-label="Editor">
      <DocumentTabs end={tabsEnd} />
      <ReadOnlyOffer />
      <Banner />
      <div className={`editor-body${compareActive ? ` with-compare${compareSplit ? ' split' : ''}` : ''}`}>
        <div className="editor-host" data-testid="template-editor">
          {!activeTab && (
            <div className="empty-editor">Open a variant, component or preset from the explorer (Ctrl+Shift+P for commands).</div>
          )}
          <Suspense fallback={<EditorFallback />}>
            <TemplateEditor />
          </Suspense>
        </div>
        {compareActive && compare}
      </div>
    </section>
  );
}
