import type { StoreApi } from 'zustand/vanilla';
import type { StudioState } from './types';

/**
 * What the store holds of the open workspace: when another workspace opens, every one of these
 * goes back to the value it had when the store was made, so nothing of the previous workspace
 * is shown (its prompt, its compare columns, its findings, ...). Everything else is listed in
 * KEPT_ACROSS_WORKSPACES with the reason; workspace-reset.test.ts checks that every field of
 * the state is in exactly one of the two lists, so a new field has to be placed.
 */
export const OF_WORKSPACE = [
  // The documents, their tabs and history.
  'docs',
  'tabs',
  'activeTab',
  'lastEditedKey',
  'lastEditGroup',
  'reveal',
  // What is shown and its build.
  'target',
  'preview',
  'tokens',
  'outlineTokens',
  'previewStale',
  'diffStats',
  // A baseline names a variant, preset or snapshot of the workspace.
  'baselineChoice',
  // The context comes from the workspace's presets (loaded again from the new one).
  'presetName',
  'context',
  'contextEdited',
  'contextError',
  'stackContext',
  'stackPresetName',
  'stackDiscovery',
  'stackGlobalsOff',
  // What was worked out from the workspace.
  'findings',
  'findingGroups',
  'explanations',
  'compareColumns',
  // Its own choice of the compare view's layout (restored with its session).
  'compareLayoutChoice',
  'compareResult',
  'compareTokens',
  'routing',
  'matrix',
  'matrixTokens',
  'matrixProgress',
  'matrixCell',
  'cacheView',
  'cacheLabel',
  'budgets',
  // What was picked in its explorer, what an import was about to write into it.
  'bundleSelection',
  'importPlan',
  'importChoices',
  'importDiff',
  // Runs of its columns and tests, what checks said of its requests, its tests and their eval.
  'runs',
  'runTest',
  'runChecks',
  'runConnections',
  'evalTests',
  'evalSkipped',
  'evalRun',
  'evalCell',
  'evalCellRequest',
] as const satisfies readonly (keyof StudioState)[];

export type WorkspaceState = Pick<StudioState, (typeof OF_WORKSPACE)[number]>;

/** The rest of the state, and why it stays when another workspace opens. */
export const KEPT_ACROSS_WORKSPACES = {
  workspace: 'replaced by the new one',
  notices: 'messages to the user (e.g. "copied into …, you are editing the copy now")',
  announcement: 'what the screen reader says next',
  confirm: 'a question the user is answering',
  bottomTab: 'which panel the user looks at',
  focusRequest: 'a request for the keyboard focus',
  help: 'the help panel shown',
  previewTab: 'which preview view the user looks at',
  previewBehind: 'whether this window has the preview on screen, which another workspace does not change (store/preview-shown.ts)',
  diffOn: 'the diff stays on or off, against the last saved version of the new workspace',
  diffLayout: 'inline or side by side, a preference',
  palette: 'the palette shown',
  snapshots: 'pinned texts are the host’s (it keeps them across workspaces): a diff across workspaces is a valid one',
  compareOpen: 'the compare view stays open, its columns rebuilt from the new workspace',
  compareActive: 'as for any document shown, the new workspace’s first one steps in front of it (its tab is one click away)',
  compareLayout: 'the layout shown; set again from the new workspace’s choice when the view opens',
  compareTab: 'which compare view the user looks at',
  routingText: 'model ids the user typed, not the workspace’s',
  modelCatalog: 'the user’s model list (kept in the app’s storage)',
  sessionFields: 'a choice of volatile fields, none of them the workspace’s',
  fileDialogs: 'what the host can do',
  bundleDialog: 'a dialog the user opened',
  bundleProgress: 'the progress of a transfer under way',
  bundleBusy: 'a transfer under way',
  connections: 'settings of the user, not of a workspace',
  connectionsOpen: 'a dialog the user opened',
  connectionChecks: 'what testing a connection said (connections are not the workspace’s)',
  connectionsError: 'a message of the connections dialog',
  runMessage: 'a message the user typed, sent to any workspace’s prompt',
  runMode: 'a choice of the user',
  compareRunOpen: 'a layout choice of the compare view',
  runHistory: 'earlier runs are kept in the user-data folder, across workspaces',
  openedRuns: 'earlier runs from the user-data folder',
  evalOpen: 'the eval view stays open, listing the new workspace’s tests',
  evalMode: 'a choice of the user',
  evalConcurrency: 'a choice of the user',
} as const satisfies Partial<Record<keyof StudioState, string>>;

const initial = new WeakMap<StoreApi<StudioState>, WorkspaceState>();

function pick(state: StudioState): WorkspaceState {
  return Object.fromEntries(OF_WORKSPACE.map((k) => [k, state[k]])) as WorkspaceState;
}

/** Keeps the store's first values of the workspace's fields (store/index.ts, right after making it). */
export function rememberInitialState(store: StoreApi<StudioState>): void {
  initial.set(store, pick(store.getState()));
}

/** The values the workspace's fields go back to when another workspace opens. */
export function initialWorkspaceState(store: StoreApi<StudioState>): WorkspaceState {
  const values = initial.get(store);
  if (!values) throw new Error('the store was made without rememberInitialState');
  return values;
}
