import './app/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerAppCommands } from './app/commands';
import { followMenu } from './app/menu-commands';
import { installShortcuts } from './app/shortcuts';
import { followSystemTheme } from './ui/theme';
import { openGettingStartedOnFirstStart } from './help/first-start';
import { monacoListeners, monacoReady, setMonacoBoot } from './monaco/ready';
import { watchFindings } from './problems/watch-findings';
import { connectStore, studio } from './store';
import { createTransport } from './transport';

followSystemTheme();
installShortcuts();
registerAppCommands(() => studio.getState());
// What loading Monaco brings (its own chunk, after the first paint): the app says, the views wait.
setMonacoBoot(() => import('./app/monaco-boot').then((m) => m.bootMonaco()));

const api = createTransport();
connectStore(api);
// The first subscriber, before React's: new results reach the preview and diff editors first.
studio.subscribe((s, prev) => {
  for (const listener of monacoListeners) listener(s, prev);
});
watchFindings(studio);
followMenu(api, () => studio.getState());
createRoot(document.getElementById('root')!).render(<App />);
// Monaco (most of the download) comes after the first paint, in its own chunks.
void monacoReady();
void studio
  .getState()
  .initWorkspace()
  .then(() => openGettingStartedOnFirstStart(() => studio.getState()));
