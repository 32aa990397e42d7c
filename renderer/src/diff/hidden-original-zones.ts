import type { editor } from 'monaco-editor';

/**
 * The inline diff's original editor is hidden (hideOriginalLineNumbers: width 0), yet Monaco
 * keeps its lines aligned with the prompt's by a view zone after every line the prompt wraps
 * and the unwrapped original does not: thousands for a long prose prompt, all removed and added
 * again on every diff (about 30 ms of script and 35 ms of style recalculation per keystroke
 * for a 200 KB prompt). Nothing shows them, so while the diff is inline the original editor
 * takes no new zones; zones it already has (from side by side) are still removed, so none is
 * left behind when the layout changes. Side by side, where both columns show, every zone is
 * added as before.
 */
export function skipHiddenOriginalZones(original: editor.ICodeEditor, inline: () => boolean): void {
  const own = original.changeViewZones;
  original.changeViewZones = (callback) => {
    if (!inline()) return own.call(original, callback);
    own.call(original, (accessor) =>
      callback({
        // An empty id is one Monaco's removeZone and layoutZone pass over.
        addZone: () => '',
        removeZone: (id) => accessor.removeZone(id),
        layoutZone: () => {},
      }),
    );
  };
}
