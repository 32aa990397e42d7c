import type { ReactNode } from 'react';
import './full-screen-view.css';

/**
 * A view over the whole window (the harness view, the eval view): its title bar — the title,
 * what the feature puts beside it, its buttons and Close on the right — and its body.
 */
export function FullScreenView({
  title,
  label,
  testId,
  className,
  beside,
  actions,
  onClose,
  closeTestId,
  children,
}: {
  title: string;
  /** The dialog's accessible name. */
  label: string;
  testId: string;
  /** The feature's own class (its body's layout). */
  className: string;
  /** Shown right after the title. */
  beside?: ReactNode;
  /** Buttons before Close. */
  actions?: ReactNode;
  onClose: () => void;
  closeTestId: string;
  children: ReactNode;
}) {
  return (
    <div className={`full-screen-view ${className}`} role="dialog" aria-label={label} data-testid={testId}>
      <header className="full-screen-view-head">
        <h2>{title}</h2>
        {beside}
        <span className="spacer" />
        {actions}
        <button className="small" onClick={onClose} data-testid={closeTestId}>
          Close
        </button>
      </header>
      {children}
    </div>
  );
}
