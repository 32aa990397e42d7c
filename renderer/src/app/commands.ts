import { API_KINDS, API_LABELS } from '../../../shared/requests/api-kind';
import type { Entity } from '../../../shared/ipc/contract';
import { deleteEntity, entityOfActiveTab, newVariantFrom, renameEntity, undoEntityChange } from '../explorer/entity-actions';
import type { StudioState } from '../store/types';
import { focusVariantId } from '../store/focus';
import { registerCommands } from '../ui/commands';

export interface Command {
  id: string;
  title: string;
  /** Shown in the palette, and matched by the shortcut handler (see shortcutOf). */
  keys?: string;
  run(s: StudioState): void;
}

/** The app's commands; everything frequent has a shortcut. */
export const COMMANDS: readonly Command[] = [
  { id: 'save', title: 'Save', keys: 'Ctrl+S', run: (s) => void s.saveDoc() },
  { id: 'saveAll', title: 'Save all', keys: 'Ctrl+Alt+S', run: (s) => void s.saveAll() },
  { id: 'undo', title: 'Undo', keys: 'Ctrl+Z', run: (s) => s.undo() },
  { id: 'redo', title: 'Redo', keys: 'Ctrl+Shift+Z', run: (s) => s.redo() },
  { id: 'redoY', title: 'Redo', keys: 'Ctrl+Y', run: (s) => s.redo() },
  { id: 'nextTab', title: 'Next tab', keys: 'Ctrl+PageDown', run: (s) => s.cycleTab(1) },
  { id: 'prevTab', title: 'Previous tab', keys: 'Ctrl+PageUp', run: (s) => s.cycleTab(-1) },
  { id: 'nextTabAlt', title: 'Next tab', keys: 'Alt+]', run: (s) => s.cycleTab(1) },
  { id: 'prevTabAlt', title: 'Previous tab', keys: 'Alt+[', run: (s) => s.cycleTab(-1) },
  { id: 'closeTab', title: 'Close tab', keys: 'Ctrl+Alt+W', run: (s) => s.activeTab && void s.closeTab(s.activeTab) },
  { id: 'toggleDiff', title: 'Toggle diff', keys: 'Ctrl+Shift+D', run: (s) => s.toggleDiff() },
  { id: 'diffLayout', title: 'Diff: inline / side by side', run: (s) => s.setDiffLayout(s.diffLayout === 'side' ? 'inline' : 'side') },
  {
    id: 'diffSaved',
    title: 'Diff against the last saved version',
    run: (s) => (s.setBaselineChoice({ kind: 'saved' }), s.toggleDiff(true)),
  },
  {
    id: 'focusPreview',
    title: 'Focus the preview',
    keys: 'Ctrl+Shift+V',
    run: (s) => (s.setPreviewTab('prompt'), s.requestFocus('preview')),
  },
  { id: 'focusEditor', title: 'Focus the editor', keys: 'Ctrl+Shift+J', run: (s) => s.requestFocus('editor') },
  { id: 'switchPreset', title: 'Switch preset…', keys: 'Ctrl+Shift+K', run: (s) => s.openPalette('presets') },
  { id: 'openDocument', title: 'Open a document…', keys: 'Ctrl+P', run: (s) => s.openPalette('documents') },
  { id: 'palette', title: 'Show all commands', keys: 'Ctrl+Shift+P', run: (s) => s.openPalette('commands') },
  { id: 'showComponents', title: 'Show the component order', run: (s) => s.setBottomTab('components') },
  { id: 'showPlaceholders', title: 'Show the placeholders', run: (s) => s.setBottomTab('placeholders') },
  { id: 'showContext', title: 'Show the simulated context', run: (s) => s.setBottomTab('context') },
  { id: 'showCompare', title: 'Show baselines and variant selection', run: (s) => s.setBottomTab('compare') },
  { id: 'compareColumns', title: 'Compare: columns side by side', run: (s) => s.openCompare('columns') },
  { id: 'compareRouting', title: 'Compare: routing table (which variant serves which model)', run: (s) => s.openCompare('routing') },
  { id: 'compareMatrix', title: 'Compare: snapshot matrix', run: (s) => s.openCompare('matrix') },
  { id: 'compareCache', title: 'Compare: prompt cache (stable prefix)', run: (s) => s.openCompare('cache') },
  { id: 'showWarnings', title: 'Show the warnings', run: (s) => s.setPreviewTab('warnings') },
  { id: 'fillMachine', title: 'Context: fill from this machine', run: (s) => void s.fillFromMachine() },
  { id: 'revert', title: 'Revert the document to its saved text', run: (s) => s.activeTab && void s.revertDoc(s.activeTab) },
  { id: 'openFolder', title: 'Open a workspace folder…', run: (s) => void s.openFolder() },
  { id: 'openRecent', title: 'Open a recent workspace…', run: (s) => s.openPalette('recent') },
  { id: 'openBuiltin', title: 'Open the built-in variants (read-only)', run: (s) => void s.openBuiltin() },
  { id: 'copyWorkspace', title: 'Copy this workspace into a folder of my own…', run: (s) => void s.copyWorkspace() },
  { id: 'exportBundle', title: 'Export a bundle (.zip)…', run: (s) => s.openExport('bundle') },
  { id: 'importBundle', title: 'Import a bundle…', run: (s) => s.openImport() },
  { id: 'exportTypeScript', title: 'Export variants as TypeScript…', run: (s) => s.openExport('ts') },
  { id: 'exportPrompts', title: 'Export rendered prompts (Markdown)…', run: (s) => s.openExport('md') },
  { id: 'exportRequests', title: 'Export API requests…', run: (s) => s.openExport('request') },
  { id: 'copyPrompt', title: 'Copy the prompt', run: (s) => void s.copyPrompt() },
  ...API_KINDS.map((api) => ({
    id: `copyRequest:${api}`,
    title: `Copy as ${API_LABELS[api]} request`,
    run: (s: StudioState) => void s.copyRequest(api),
  })),
  {
    id: 'newVariant',
    title: 'New variant from the current one…',
    run: (s) => {
      const id = focusVariantId(s);
      if (id) void newVariantFrom(id);
    },
  },
  {
    id: 'renameEntity',
    title: 'Rename the open variant, override, tool or preset…',
    run: (s) => withEntity(s, (e) => void renameEntity(e)),
  },
  {
    id: 'deleteEntity',
    title: 'Delete the open variant, override, tool or preset…',
    run: (s) => withEntity(s, (e) => void deleteEntity(e)),
  },
  { id: 'undoEntity', title: 'Undo the last new variant, rename or delete', run: () => void undoEntityChange() },
  { id: 'gettingStarted', title: 'Help: getting started', run: (s) => s.showHelp('getting-started') },
  { id: 'shortcuts', title: 'Help: keyboard shortcuts', keys: 'Ctrl+Shift+H', run: (s) => s.showHelp('shortcuts') },
];

function withEntity(s: StudioState, run: (e: Entity) => void): void {
  const entity = entityOfActiveTab(s);
  if (entity) run(entity);
  else s.notify('info', 'Open a variant, an override, a tool or a preset first.');
}

export function commandForShortcut(shortcut: string): Command | undefined {
  return COMMANDS.find((c) => c.keys === shortcut);
}

/** The commands as the palette and the shortcut sheet list them (registered at start, main.tsx). */
export function registerAppCommands(state: () => StudioState): void {
  registerCommands(COMMANDS.map((c) => ({ id: c.id, title: c.title, ...(c.keys ? { keys: c.keys } : {}), run: () => c.run(state()) })));
}
