import { monaco } from '../monaco/setup';

/** Light or dark, following the system; Monaco follows along. */
export function followSystemTheme(): () => void {
  const mq = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = (): void => {
    const dark = mq.matches;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    monaco.editor.setTheme(dark ? 'studio-dark' : 'studio-light');
  };
  apply();
  mq.addEventListener('change', apply);
  return () => mq.removeEventListener('change', apply);
}
