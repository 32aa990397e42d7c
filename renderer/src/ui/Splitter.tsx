import { useRef } from 'react';
import { layoutStore, useLayout } from './layout-store';

/**
 * A draggable divider between two panes; also moved with the arrow keys when focused.
 * `sign` says which way the size grows: +1 when dragging right/down grows the pane.
 */
export function Splitter({
  part,
  orientation,
  sign,
  label,
}: {
  part: 'explorer' | 'preview' | 'bottom';
  orientation: 'vertical' | 'horizontal';
  sign: 1 | -1;
  label: string;
}) {
  const size = useLayout((s) => s[part]);
  const start = useRef<{ pos: number; size: number } | null>(null);
  const horizontal = orientation === 'horizontal';
  return (
    <div
      className={`splitter splitter-${orientation}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={size}
      tabIndex={0}
      data-testid={`splitter-${part}`}
      onPointerDown={(e) => {
        (e.target as HTMLElement).setPointerCapture(e.pointerId);
        start.current = { pos: horizontal ? e.clientY : e.clientX, size };
      }}
      onPointerMove={(e) => {
        if (!start.current) return;
        const delta = (horizontal ? e.clientY : e.clientX) - start.current.pos;
        layoutStore.getState().set(part, start.current.size + sign * delta);
      }}
      onPointerUp={() => {
        start.current = null;
      }}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 50 : 10;
        const grow = horizontal ? { ArrowDown: 1, ArrowUp: -1 } : { ArrowRight: 1, ArrowLeft: -1 };
        const d = grow[e.key as keyof typeof grow];
        if (d === undefined) return;
        e.preventDefault();
        layoutStore.getState().set(part, size + sign * d * step);
      }}
    />
  );
}
