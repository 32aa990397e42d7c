import type { BuildTarget, ContextSpec } from '../../../shared/ipc/contract';
import { API_KINDS, API_LABELS, isApiKind } from '../../../shared/requests/api-kind';
import { studio } from '../store';

/**
 * "Copy prompt" and "Copy as request" (choose the API): for the preview, or for any target
 * and context (a compare column) when given.
 */
export function CopyButtons({ target, context, text }: { target?: BuildTarget; context?: ContextSpec; text?: () => string | undefined }) {
  return (
    <span className="copy-buttons">
      <button
        className="small"
        title="Copy the prompt text"
        onClick={() => void studio.getState().copyPrompt(text?.())}
        data-testid="copy-prompt"
      >
        Copy prompt
      </button>
      <select
        aria-label="Copy as request"
        className="small"
        value=""
        data-testid="copy-request"
        onChange={(e) => {
          const api = e.target.value;
          if (isApiKind(api)) void studio.getState().copyRequest(api, target, context);
        }}
      >
        <option value="">Copy as request…</option>
        {API_KINDS.map((api) => (
          <option key={api} value={api}>
            {API_LABELS[api]}
          </option>
        ))}
      </select>
    </span>
  );
}
