import { joinPath } from '../../stack/path.js';
import { fillSlots } from '../text/fill.js';

/**
 * A profile path template made absolute: `{{slot}}`s filled, a leading `~/` (or `~\`) joined to
 * home, a relative result taken from `base`. Undefined when a slot has no value.
 */
export function expandPathTemplate(
  template: string,
  slots: Readonly<Record<string, string>>,
  home: string,
  base: string,
): string | undefined {
  let text = fillSlots(template, slots);
  if (/\{\{[A-Za-z][A-Za-z0-9_]*\}\}/.test(text)) return undefined;
  if (text === '~') text = home;
  else if (text.startsWith('~/') || text.startsWith('~\\')) text = joinPath(home, text.slice(2));
  return joinPath(base, text);
}

/** A path written with forward slashes (Windows paths too), as some agents show them. */
export function slashed(path: string): string {
  return path.replace(/\\/g, '/');
}
