import type { ContextWindowCheck } from '../../../shared/engine/models/context-window';
import { formatCount } from './format';

/** The headline of a check that does not fit: by how much the request is over the window, or the output budget over the maximum. */
function contextWindowHeadline(check: Pick<ContextWindowCheck, 'over' | 'outputOver' | 'limits'>): string | null {
  const parts: string[] = [];
  if (check.over > 0)
    parts.push(`${formatCount(check.over)} tokens over the ${formatCount(check.limits.contextWindow)}-token context window`);
  if (check.outputOver > 0 && check.limits.maxOutput !== undefined)
    parts.push(
      `output budget ${formatCount(check.outputOver)} tokens over the ${formatCount(check.limits.maxOutput)}-token maximum output`,
    );
  return parts.length ? `${parts.join('; ')} of ${check.limits.modelId}` : null;
}

/**
 * The warning that a build does not fit its model: prompt + tool definitions + the requested
 * output budget against the model family's context window (models.yaml), and by how much. Shown
 * by the preview and by each compare column; nothing while the build fits or its model's limits
 * are not known.
 */
export function ContextWindowNotice({ check, compact }: { check: ContextWindowCheck | null | undefined; compact?: boolean }) {
  if (!check) return null;
  const headline = contextWindowHeadline(check);
  if (!headline) return null;
  return (
    <div
      className={`context-window-notice warn${compact ? ' compact' : ''}`}
      role="status"
      data-testid="context-window-warning"
      title={check.warning}
    >
      <strong>⚠ {headline}</strong>
      {check.warning && !compact && (
        <div className="context-window-detail">{check.warning[0]!.toUpperCase() + check.warning.slice(1)}.</div>
      )}
      {!compact && (
        <div className="muted">The limits are in models.yaml; edit its family there if your server runs the model with another window.</div>
      )}
    </div>
  );
}
