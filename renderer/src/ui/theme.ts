/** Light or dark, following the system; `onChange` hears every change (Monaco's theme follows, monaco/boot.ts). */
export function followSystemTheme(onChange: (dark: boolean) => void = () => {}): () => void {
  const mq = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = (): void => {
    const dark = mq.matches;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    onChange(dark);
  };
  apply();
  mq.addEventListener('change', apply);
  return () => mq.removeEventListener('change', apply);
}
