/**
 * Runs a Monaco action (find, replace, ...) in the template editor, for callers that must not
 * load Monaco themselves (the menu's commands). The editor registers itself when it mounts.
 */
let runner: ((actionId: string) => void) | null = null;

export function setEditorActionRunner(run: ((actionId: string) => void) | null): void {
  runner = run;
}

export function runEditorAction(actionId: string): void {
  runner?.(actionId);
}
