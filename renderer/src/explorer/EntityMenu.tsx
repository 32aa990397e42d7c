import { useEffect, useRef } from 'react';
import type { Entity } from '../../../shared/ipc/contract';
import { deleteEntity, newVariantFrom, renameEntity } from './entity-actions';

export interface EntityMenuState {
  x: number;
  y: number;
  entity: Entity;
}

/** Opens the menu from a right click, or from the keyboard (the context-menu key, Shift+F10) at the element. */
export function entityMenuHandlers(entity: Entity, open: (m: EntityMenuState) => void) {
  return {
    onContextMenu: (e: React.MouseEvent) => {
      e.preventDefault();
      open({ x: e.clientX, y: e.clientY, entity });
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => {
      if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
        e.preventDefault();
        const r = e.currentTarget.getBoundingClientRect();
        open({ x: r.left + 12, y: r.bottom, entity });
      }
    },
  };
}

/** The explorer's context menu of a variant, override, tool or preset: new from it, rename, delete. */
export function EntityMenu({ menu, close }: { menu: EntityMenuState; close: () => void }) {
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const away = (e: MouseEvent): void => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    window.addEventListener('mousedown', away, true);
    return () => window.removeEventListener('mousedown', away, true);
  }, [close]);
  const item = (label: string, run: () => void) => (
    <li role="none">
      <button
        role="menuitem"
        onClick={() => {
          close();
          run();
        }}
      >
        {label}
      </button>
    </li>
  );
  const { entity } = menu;
  return (
    <ul
      ref={ref}
      className="entity-menu"
      role="menu"
      data-testid="entity-menu"
      style={{ left: menu.x, top: menu.y }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          const items = [...(ref.current?.querySelectorAll('button') ?? [])];
          const i = items.indexOf(document.activeElement as HTMLButtonElement);
          items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
          e.preventDefault();
        }
      }}
    >
      {entity.kind === 'variant' && item('New variant from this one…', () => void newVariantFrom(entity.id))}
      {item(entity.kind === 'component-override' ? 'Override another component instead…' : 'Rename…', () => void renameEntity(entity))}
      {item('Delete…', () => void deleteEntity(entity))}
    </ul>
  );
}
