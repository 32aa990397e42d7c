import type { HarnessFieldUse } from '../../../shared/harness/context-use';

/**
 * Environment variables or settings as the last run used them: each one that applies, and each
 * one it ignored (shown disabled, struck through) with the reason.
 */
export function ContextUseList({
  label,
  items,
  testId,
}: {
  label: string;
  items: readonly (HarnessFieldUse & { name: string })[];
  testId: string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="context-use" data-testid={testId}>
      <span className="context-use-label">{label}</span>
      <ul aria-label={label}>
        {items.map((item) => (
          <li
            key={item.name}
            className={item.applies ? 'applies' : 'ignored'}
            data-name={item.name}
            data-applies={item.applies ? 'true' : 'false'}
            aria-disabled={item.applies ? undefined : true}
          >
            <span className="mono context-use-name">{item.name}</span>{' '}
            <span className="context-use-state">{item.applies ? 'applies' : 'ignored'}</span>
            <span className="muted">: {item.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
