import { useState } from 'react';
import { answerText, useTextRequest, type TextRequest } from './text-prompt';

/** A small dialog that asks for one short text (a new id), checked as it is typed. */
export function TextPrompt() {
  const request = useTextRequest();
  return request ? <TextPromptBody key={request.title} request={request} /> : null;
}

function TextPromptBody({ request }: { request: TextRequest }) {
  const [value, setValue] = useState(request.initial);
  const problem = request.check(value.trim());
  return (
    <div className="modal-backdrop">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="text-prompt-title"
        data-testid="text-prompt"
        onKeyDown={(e) => {
          if (e.key === 'Escape') answerText(null);
        }}
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) answerText(value.trim());
        }}
      >
        <h2 id="text-prompt-title">{request.title}</h2>
        <label>
          {request.label}
          <input
            className="text-prompt-input"
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={!!problem}
          />
        </label>
        {problem && <p className="error">{problem}</p>}
        <div className="buttons">
          <button type="submit" className="primary" disabled={!!problem}>
            {request.confirm}
          </button>
          <button type="button" onClick={() => answerText(null)}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
