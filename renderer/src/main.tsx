import './monaco/setup';
import './app/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installShortcuts } from './app/shortcuts';
import { followSystemTheme } from './app/theme';
import { registerTemplateLanguage } from './editor/template-language';
import { watchMarkers } from './editor/markers';
import { watchFindings } from './problems/watch-findings';
import { followMenu } from './app/menu-commands';
import { openGettingStartedOnFirstStart } from './help/first-start';
import { syncDiffEditor } from './diff/DiffView';
import { syncPreviewEditor } from './preview/PromptView';
import { connectStore, studio } from './store';
import { createTransport } from './transport';

registerTemplateLanguage();
followSystemTheme();
installShortcuts();

const api = createTransport();
connectStore(api);
syncPreviewEditor();
syncDiffEditor();
watchMarkers();
watchFindings(studio);
followMenu(api, () => studio.getState());
createRoot(document.getElementById('root')!).render(<App />);
void studio
  .getState()
  .initWorkspace()
  .then(() => openGettingStartedOnFirstStart(() => studio.getState()));
