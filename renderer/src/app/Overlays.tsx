import { useEffect, useRef } from 'react';
import { studio, useStudio } from '../store';
import { Modal } from '../ui/Modal';

export function ConfirmDialog() {
  const c = useStudio((s) => s.confirm);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (c) first.current?.focus();
  }, [c]);
  if (!c) return null;
  return (
    <Modal
      title={c.message}
      titleId="confirm-title"
      testId="confirm"
      role="alertdialog"
      describedBy={c.detail ? 'confirm-detail' : undefined}
      onClose={() => studio.getState().answer(null)}
    >
      {c.detail && <p id="confirm-detail">{c.detail}</p>}
      <div className="buttons">
        {c.buttons.map((b, i) => (
          <button
            key={b}
            ref={i === 0 ? first : undefined}
            className={i === 0 ? 'primary' : ''}
            onClick={() => studio.getState().answer(b)}
          >
            {b}
          </button>
        ))}
      </div>
    </Modal>
  );
}

export function Notices() {
  const notices = useStudio((s) => s.notices);
  return (
    <div className="notices" data-testid="notices">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          {n.action && (
            <button
              className="notice-action"
              onClick={() => {
                studio.getState().dismissNotice(n.id);
                n.action!.run();
              }}
            >
              {n.action.label}
            </button>
          )}
          <button aria-label="Dismiss" onClick={() => studio.getState().dismissNotice(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

export function LiveRegion() {
  const text = useStudio((s) => s.announcement);
  return (
    <div className="sr-only" aria-live="polite" role="status" data-testid="announcer">
      {text}
    </div>
  );
}
