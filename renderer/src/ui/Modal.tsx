import type { ReactNode } from 'react';

/**
 * A modal dialog: the backdrop, the labelled box, Escape to close. The dialogs (confirm, a
 * short text, the folder browser, help) put their content in it.
 */
export function Modal({
  title,
  titleId,
  testId,
  className = '',
  role = 'dialog',
  describedBy,
  onClose,
  closeOnBackdrop = false,
  as = 'div',
  onSubmit,
  children,
}: {
  title: ReactNode;
  titleId: string;
  testId: string;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string | undefined;
  onClose: () => void;
  /** A click beside the box closes it (for panels that only show something). */
  closeOnBackdrop?: boolean;
  /** A form, when Enter in it should submit. */
  as?: 'div' | 'form';
  onSubmit?: () => void;
  children: ReactNode;
}) {
  const Box = as;
  return (
    <div className="modal-backdrop" onMouseDown={closeOnBackdrop ? onClose : undefined}>
      <Box
        className={`modal ${className}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-testid={testId}
        onMouseDown={closeOnBackdrop ? (e) => e.stopPropagation() : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
        onSubmit={
          onSubmit
            ? (e) => {
                e.preventDefault();
                onSubmit();
              }
            : undefined
        }
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </Box>
    </div>
  );
}
