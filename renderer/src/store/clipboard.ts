/**
 * Puts text on the clipboard after a click: the async Clipboard API where the page may use it
 * (a secure context: browser mode on 127.0.0.1, the desktop app's own page), else the
 * older copy command on a hidden text area.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // fall back below
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('the clipboard is not available here');
}
