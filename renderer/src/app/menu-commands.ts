import type { MenuCommand, StudioApi } from '../../../shared/ipc/contract';
import { runEditorAction } from '../editor/editor-actions';
import type { StudioState } from '../store/types';

/** What each command of the desktop app's menu does (browser mode has no menu: the same actions have keys and palette entries). */
export function runMenuCommand(command: MenuCommand, s: StudioState): void {
  switch (command) {
    case 'openFolder':
      return void s.openFolder();
    case 'openBuiltin':
      return void s.openBuiltin();
    case 'copyWorkspace':
      return void s.copyWorkspace();
    case 'save':
      return void s.saveDoc();
    case 'saveAll':
      return void s.saveAll();
    case 'undo':
      return s.undo();
    case 'redo':
      return s.redo();
    case 'find':
      return runEditorAction('actions.find');
    case 'replace':
      return runEditorAction('editor.action.startFindReplaceAction');
    case 'commandPalette':
      return s.openPalette('commands');
    case 'gettingStarted':
      return s.showHelp('getting-started');
    case 'shortcuts':
      return s.showHelp('shortcuts');
  }
}

/** Runs menu commands as they come from the desktop app; returns the function that stops. */
export function followMenu(api: StudioApi, s: () => StudioState): () => void {
  return api.on('menu:command', ({ command }) => runMenuCommand(command, s()));
}
