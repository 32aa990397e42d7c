import { API_KINDS, API_LABELS, isApiKind } from '../../../shared/requests/api-kind';
import { studio } from '../store';

/** "Copy prompt" and "Copy as request" (choose the API): for the preview, or for a compare column (its index). */
export function CopyButtons({ column, label }: { column?: number; label?: string }) {
  const of = label === undefined ? '' : ` of ${label}`;
  return (
    <span className="copy-buttons">
      <button
        className="small"
        title={`Copy the prompt text${of}`}
        aria-label={`Copy the prompt${of}`}
        onClick={() => void studio.getState().copyPrompt(column)}
        data-testid="copy-prompt"
      >
        Copy prompt
      </button>
      <select
        aria-label={`Copy as request${of}`}
        className="small"
        value=""
        data-testid="copy-request"
        onChange={(e) => {
          const api = e.target.value;
          if (isApiKind(api)) void studio.getState().copyRequest(api, column);
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
