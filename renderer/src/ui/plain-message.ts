import { CHANNEL_NAMES } from '../../../shared/ipc/names';

/**
 * A host message as the user reads it: no contract channel names (`workspace:openFolder: …`,
 * `… (stack:grantFolder)`), a capital letter first and a full stop last.
 */
const NAMES = CHANNEL_NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const LEADING = new RegExp(`^(?:(?:${NAMES}):\\s*)+`);
const MENTIONED = new RegExp(`\\s*\\((?:${NAMES})\\)`, 'g');
const BARE = new RegExp(`\\s*\\b(?:${NAMES})\\b`, 'g');

export function plainMessage(message: string): string {
  let text = message.replace(LEADING, '').replace(MENTIONED, '').replace(BARE, '').trim();
  if (!text) return 'Something went wrong.';
  text = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
