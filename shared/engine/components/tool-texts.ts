import type { ComponentInput } from './component-types.js';

/**
 * What components read of the tool selection. In a tracking build each read also records the
 * volatile fields that decide which tools are enabled (their context requirements).
 */

function recordSelection(input: ComponentInput, id?: string): void {
  const tracking = input.tracking;
  if (!tracking) return;
  if (id !== undefined) tracking.tracker.recordAll(tracking.toolFields.get(id) ?? []);
  else for (const fields of tracking.toolFields.values()) tracking.tracker.recordAll(fields);
}

/** The enabled tools (a read of the whole selection). */
export function enabledTools(input: ComponentInput): ComponentInput['tools']['selection']['enabled'] {
  recordSelection(input);
  return input.tools.selection.enabled;
}

/** Whether the variant enables a tool for this context (by tool id). */
export function toolEnabled(input: ComponentInput, id: string): boolean {
  recordSelection(input, id);
  for (const spec of input.tools.selection.enabled) if (spec.id === id) return true;
  return false;
}

/**
 * The enabled tools' prompt texts, non-empty ones joined by a blank line ('' with native
 * tool calls, where the texts are empty). Built with `+=` so no large string is copied.
 */
export function joinToolTexts(input: ComponentInput): string {
  recordSelection(input);
  let out = '';
  for (const entry of input.tools.texts) {
    if (!entry.text) continue;
    out = out ? out + '\n\n' + entry.text : entry.text;
  }
  return out;
}

/** Whether any enabled tool has prompt text (cheaper than joining them). */
export function hasToolText(input: ComponentInput): boolean {
  recordSelection(input);
  for (const entry of input.tools.texts) if (entry.text) return true;
  return false;
}
