import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { afterFirstScreen } from './first-screen';

/**
 * The views the first screen does not show, each in its own chunk, loaded the first time it
 * opens: the app starts with the explorer, the template editor and the preview. The bottom
 * panel's tabs (their YAML, drag and drop and forms) load once the first texts are on screen
 * (afterFirstScreen). While a chunk loads, a small "Loading …" stands in its place. The
 * palette, the help and the folder browser stay in the first chunk: they are small, and keys
 * typed right after the palette opens must reach its input, not the editor.
 */
function lazyView(load: () => Promise<{ default: ComponentType }>, what: string, overlay = false) {
  const View = lazy(load);
  const fallback = (
    <p className={overlay ? 'view-loading overlay' : 'view-loading muted pad'} role="status" data-testid="view-loading">
      Loading {what}…
    </p>
  );
  return function LazyView(): ReactNode {
    return (
      <Suspense fallback={fallback}>
        <View />
      </Suspense>
    );
  };
}

export const CompareView = lazyView(() => import('../compare/CompareView').then((m) => ({ default: m.CompareView })), 'the compare view');
export const ComparePanel = lazyView(() => import('../compare/ComparePanel').then((m) => ({ default: m.ComparePanel })), 'the snapshots');
export const HarnessesView = lazyView(
  () => import('../harnesses/HarnessesView').then((m) => ({ default: m.HarnessesView })),
  'the harnesses',
  true,
);
export const BundleDialogs = lazyView(
  () => import('../bundles/BundleDialogs').then((m) => ({ default: m.BundleDialogs })),
  'the dialog',
  true,
);

/** A bottom-panel tab: not before the first texts are on screen (its chunk would compete with them). */
const afterFirstTexts =
  <T,>(load: () => Promise<T>) =>
  (): Promise<T> =>
    afterFirstScreen().then(load);

export const ComponentList = lazyView(
  afterFirstTexts(() => import('../components-list/ComponentList').then((m) => ({ default: m.ComponentList }))),
  'the components',
);
export const PlaceholdersTable = lazyView(
  afterFirstTexts(() => import('../placeholders/PlaceholdersTable').then((m) => ({ default: m.PlaceholdersTable }))),
  'the placeholders',
);
export const ContextForm = lazyView(
  afterFirstTexts(() => import('../context-form/ContextForm').then((m) => ({ default: m.ContextForm }))),
  'the context',
);
