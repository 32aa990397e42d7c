import { useState } from 'react';
import { Modal } from './Modal';
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
    <Modal
      title={request.title}
      titleId="text-prompt-title"
      testId="text-prompt"
      as="form"
      onClose={() => answerText(null)}
      onSubmit={() => {
        if (!problem) answerText(value.trim());
      }}
    >
      <label>
        {request.label}
        <input className="text-prompt-input" autoFocus value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={!!problem} />
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
    </Modal>
  );
}
