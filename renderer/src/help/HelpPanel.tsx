import { useEffect, useRef } from 'react';
import { Modal } from '../ui/Modal';
import { registeredCommands } from '../ui/commands';
import { studio, useStudio } from '../store';

/** Keys the editors and lists handle themselves (not app commands). */
const EDITOR_KEYS: [string, string][] = [
  ['{{ or Ctrl+Space', 'Complete a component, placeholder or variable in a template'],
  ['F12', 'Go to the definition of the component or placeholder under the cursor'],
  ['Alt+↑ / Alt+↓', 'Move the focused component in the Components list'],
  ['Ctrl+F / Ctrl+H', 'Find / replace in the editor or the preview'],
  ['Shift+F10 or the menu key', 'Open the context menu of an entry in the explorer'],
];

function Shortcuts() {
  const seen = new Set<string>();
  const rows = registeredCommands().filter((c) => c.keys && !seen.has(c.keys) && (seen.add(c.keys), true));
  return (
    <table className="shortcut-sheet" data-testid="shortcut-sheet">
      <tbody>
        {rows.map((c) => (
          <tr key={c.id}>
            <th scope="row">
              <kbd>{c.keys}</kbd>
            </th>
            <td>{c.title}</td>
          </tr>
        ))}
        {EDITOR_KEYS.map(([keys, what]) => (
          <tr key={keys}>
            <th scope="row">
              <kbd>{keys}</kbd>
            </th>
            <td>{what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GettingStarted() {
  return (
    <div className="getting-started" data-testid="getting-started">
      <p>Variant Studio shows the system prompt a coding agent would send, byte for byte, while you edit what it is made of.</p>
      <dl>
        <dt>Variant</dt>
        <dd>
          The prompt for one family of models (<code>variants/&lt;id&gt;/</code>): a template, the order of its components, placeholders,
          tools and a matcher that says which models it serves.
        </dd>
        <dt>Component</dt>
        <dd>
          One section of the prompt, such as <code>RULES_SECTION</code>, written from the context. A <code>{'{{RULES_SECTION}}'}</code> slot
          in the template places it; a variant can override its text.
        </dd>
        <dt>Placeholder</dt>
        <dd>
          Any other <code>{'{{NAME}}'}</code> in a template, filled from the variant&apos;s <code>placeholders</code> or the standard ones
          (the working directory, the date, …).
        </dd>
        <dt>Context</dt>
        <dd>
          The situation the agent runs in: the model, act or plan mode, the working folder, browser and MCP servers. Presets in{' '}
          <code>contexts/</code> hold typical ones; the Context tab edits the one shown.
        </dd>
      </dl>
      <h3>Try this on the built-in variants</h3>
      <ol>
        <li>Type a sentence into the open template (generic): the preview on the right shows it as you type.</li>
        <li>
          Press <kbd>Ctrl+Shift+D</kbd>: the diff shows what your edit changes against the last saved version.
        </li>
        <li>
          In the Components tab, focus a handle and press <kbd>Alt+↑</kbd>: the section moves in the prompt too.
        </li>
        <li>Pick the plan-mode context preset in the top bar and watch the prompt change.</li>
        <li>To keep your edits, copy the built-ins to a folder of your own (the offer appears at your first edit).</li>
      </ol>
      <p className="muted">
        Reopen this from the Help menu or the command palette (<kbd>Ctrl+Shift+P</kbd>, &quot;Help&quot;).
      </p>
    </div>
  );
}

/** The help panel: getting started (opens by itself on the first start) and the keyboard shortcut sheet. */
export function HelpPanel() {
  const view = useStudio((s) => s.help);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (view) close.current?.focus();
  }, [view]);
  if (!view) return null;
  const title = view === 'getting-started' ? 'Getting started' : 'Keyboard shortcuts';
  return (
    <Modal
      title={title}
      titleId="help-title"
      testId="help"
      className="help-panel"
      closeOnBackdrop
      onClose={() => studio.getState().showHelp(null)}
    >
      {view === 'getting-started' ? <GettingStarted /> : <Shortcuts />}
      <div className="buttons">
        <button onClick={() => studio.getState().showHelp(view === 'getting-started' ? 'shortcuts' : 'getting-started')}>
          {view === 'getting-started' ? 'Keyboard shortcuts' : 'Getting started'}
        </button>
        <button ref={close} className="primary" onClick={() => studio.getState().showHelp(null)}>
          Close
        </button>
      </div>
    </Modal>
  );
}
