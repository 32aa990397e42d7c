import { isControl } from './entry-names.js';

/**
 * Why a bundle was refused: the entry at fault (null when the archive as a whole is) and
 * the reason, in words a user can act on. Nothing is written when a bundle is refused.
 */
export class BundleRejected extends Error {
  constructor(
    readonly entry: string | null,
    readonly reason: string,
  ) {
    super(entry === null ? reason : `entry '${printable(entry)}': ${reason}`);
    this.name = 'BundleRejected';
  }
}

/** An entry name as it can be shown on one line: control characters escaped, long names cut. */
export function printable(name: string): string {
  const escaped = [...name].map((c) => (isControl(c) ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
  return escaped.length > 200 ? `${escaped.slice(0, 200)}…` : escaped;
}
