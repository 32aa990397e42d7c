/**
 * A text shown as it is, read-only, while Monaco (most of the script) is still loading: the
 * first screen has the template and the prompt to read before the editors are there.
 */
export function PlainText({ text, testId, label }: { text: string; testId: string; label: string }) {
  return (
    <pre className="plain-text" data-testid={testId} aria-label={label} aria-busy="true">
      {text}
    </pre>
  );
}
