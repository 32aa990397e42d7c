import type { EditKind } from '../store/doc-history';

/** One change of an editor event: the text put in and the length of the text it replaced. */
export interface TextChange {
  text: string;
  rangeLength: number;
}

/**
 * How an editor change joins the document's history. Keystrokes — a character, Enter with
 * its indentation, one Backspace or Delete — group into one undo step per burst of typing;
 * anything else (a deleted or moved line, a paste, a replaced selection, several cursors at
 * once) is a step of its own, as in VS Code, so Ctrl+Z after a command undoes the command only.
 */
export function editKindOf(changes: readonly TextChange[]): EditKind {
  if (changes.length !== 1) return 'structured';
  const [c] = changes as [TextChange];
  const keystroke = c.rangeLength === 0 ? c.text.length === 1 || /^\r?\n[ \t]*$/.test(c.text) : c.rangeLength === 1 && c.text === '';
  return keystroke ? 'typing' : 'structured';
}
