import { followSystemTheme } from '../ui/theme';
import { onPreviewForDiff } from '../diff/DiffView';
import { watchMarkers } from '../editor/markers';
import { registerTemplateLanguage } from '../editor/template-language';
import { onPreviewForEditor } from '../preview/PromptView';
import type { MonacoListener } from '../monaco/ready';
import { monaco } from '../monaco/setup';

/**
 * The Monaco side of the app, loaded after the first paint (Monaco is most of the download):
 * the template language, the theme, the markers. Returns the store listeners that must run
 * before React's (main.tsx calls them from its first subscriber).
 */
export function bootMonaco(): MonacoListener[] {
  registerTemplateLanguage();
  followSystemTheme((dark) => monaco.editor.setTheme(dark ? 'studio-dark' : 'studio-light'));
  watchMarkers();
  return [onPreviewForEditor, onPreviewForDiff];
}
