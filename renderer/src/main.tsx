import './app/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerAppCommands } from './app/commands';
import { followMenu } from './app/menu-commands';
import { installShortcuts } from './app/shortcuts';
import { followSystemTheme } from './ui/theme';
import { openGettingStartedOnFirstStart } from './help/first-start';
import { firstScreenShown, setFirstScreen } from './app/first-screen';
import { monacoListeners, monacoReady, setMonacoBoot } from './monaco/ready';
import { makeRoomForSideBySide } from './diff/side-by-side-room';
import { watchFindings } from './problems/watch-findings';
import { connectStore, studio } from './store';
import { followPreviewShown } from './store/preview-shown';
import { createTransport } from './transport';
import { startPageTrace } from './ui/page-trace';

// Timing marks for bench:ui (User Timing, `vs:` names): only when the page asks (?trace, or
// localStorage vs-trace=1 in the desktop app's devtools).
if (new URLSearchParams(location.search).has('trace') || localStorage.getItem('vs-trace') === '1') startPageTrace();

followSystemTheme();
installShortcuts();
registerAppCommands(() => studio.getState());
// What loading Monaco brings (its own chunk, once the first texts are on screen): the app says, the views wait.
let opened: () => void = () => undefined;
const workspaceOpened = new Promise<void>((resolve) => (opened = resolve));
const afterPaint = (then: () => void): void => void requestAnimationFrame(() => setTimeout(then, 0));
const firstScreen = firstScreenShown(studio, workspaceOpened, afterPaint);
setFirstScreen(firstScreen);
setMonacoBoot(() => firstScreen.then(() => import('./app/monaco-boot').then((m) => m.bootMonaco())));

const api = createTransport();
connectStore(api);
// What the bench reads besides the page's own marks: the host's (debug:marks, empty unless it traces).
if (new URLSearchParams(location.search).has('trace'))
  (window as unknown as { __vsHostMarks?: () => unknown }).__vsHostMarks = () => api['debug:marks']({});
// The first subscriber, before React's: new results reach the preview and diff editors first.
studio.subscribe((s, prev) => {
  for (const listener of monacoListeners) listener(s, prev);
});
watchFindings(studio, undefined, firstScreen);
followPreviewShown(studio);
makeRoomForSideBySide(studio);
followMenu(api, () => studio.getState());
createRoot(document.getElementById('root')!).render(<App />);
// Monaco (most of the download) comes after the first texts, in its own chunks.
void monacoReady();
void studio
  .getState()
  .initWorkspace()
  .finally(opened)
  .then(() => openGettingStartedOnFirstStart(() => studio.getState()));
