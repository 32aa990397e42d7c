import { shortcutOf } from '../ui/commands';
import { commandForShortcut } from './commands';
import { studio } from '../store';

/**
 * App-wide shortcuts, handled in the capture phase so they win over Monaco's own bindings
 * (undo and redo go to the studio's per-document history, which also holds structured
 * edits). Plain inputs keep their native undo.
 */
export function installShortcuts(target: Window = window): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (!(e.ctrlKey || e.metaKey || e.altKey)) return;
    const shortcut = shortcutOf(e);
    const cmd = commandForShortcut(shortcut);
    if (!cmd) return;
    const el = e.target as HTMLElement | null;
    const inMonaco = !!el?.closest?.('.monaco-editor');
    const inField = !inMonaco && !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
    if (inField && (cmd.id === 'undo' || cmd.id === 'redo' || cmd.id === 'redoY')) return;
    const s = studio.getState();
    if (s.palette && cmd.id !== 'palette') return;
    // Undo in an editor acts on the document it shows.
    if (cmd.id === 'undo' || cmd.id === 'redo' || cmd.id === 'redoY') {
      const key = inMonaco && el?.closest('[data-testid="template-editor"]') ? (s.activeTab ?? undefined) : undefined;
      if (inMonaco && !key) return; // the read-only preview has nothing to undo
      e.preventDefault();
      e.stopPropagation();
      if (cmd.id === 'undo') s.undo(key);
      else s.redo(key);
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    cmd.run(s);
  };
  target.addEventListener('keydown', onKey, true);
  const onBeforeUnload = (e: BeforeUnloadEvent): void => {
    if (Object.values(studio.getState().docs).some((d) => d.dirty)) {
      e.preventDefault();
      e.returnValue = '';
    }
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    target.removeEventListener('keydown', onKey, true);
    target.removeEventListener('beforeunload', onBeforeUnload);
  };
}
