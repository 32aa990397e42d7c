import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useEffect, useMemo } from 'react';
import { formatCount } from '../ui/format';
import type { ComponentReport } from '../../../shared/engine/build/build-result';
import { docKey } from '../../../shared/ipc/doc-key';
import { outlineOf, variantResultOf } from '../store/preview-slice';
import { studio, useStudio, type StudioState } from '../store';
import { focusVariantId } from '../store/focus';
import { variantYaml } from '../store/components-slice';
import { readVariantYaml } from '../store/variant-yaml';
import { keptCounts } from '../store/kept-counts';

export interface ComponentRow {
  id: string;
  index: number;
  enabled: boolean;
  hasOverride: boolean;
  report: ComponentReport | undefined;
  tokens: number | undefined;
}

const Row = memo(function Row({ row, count }: { row: ComponentRow; count: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const r = row.report;
  const chars = r?.finalChars ?? 0;
  const zero = r && (chars === 0 || r.status !== 'ok');
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`component-row${isDragging ? ' dragging' : ''}${row.enabled ? '' : ' disabled'}`}
      data-testid={`component-${row.id}`}
      data-component-id={row.id}
    >
      <button
        className="drag-handle"
        aria-label={`${row.id}, position ${row.index + 1} of ${count}. Alt+Arrow keys move it; Space picks it up to drag.`}
        {...attributes}
        {...listeners}
        onKeyDown={(e) => {
          if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
            e.preventDefault();
            e.stopPropagation();
            const to = row.index + (e.key === 'ArrowUp' ? -1 : 1);
            if (to < 0 || to >= count) {
              studio.getState().announce(`${row.id} is already ${to < 0 ? 'first' : 'last'}`);
              return;
            }
            void studio
              .getState()
              .moveComponent(row.index, to)
              .then((moved) => {
                // Keep the focus on the moved item once the list re-renders.
                if (moved)
                  requestAnimationFrame(() =>
                    (document.querySelector(`[data-component-id="${row.id}"] .drag-handle`) as HTMLElement | null)?.focus(),
                  );
              });
            return;
          }
          listeners?.onKeyDown?.(e);
        }}
      >
        ⠿
      </button>
      <span className="position">{row.index + 1}</span>
      <label className="component-enabled">
        <input
          type="checkbox"
          checked={row.enabled}
          aria-label={`${row.enabled ? 'Disable' : 'Enable'} ${row.id}`}
          onChange={(e) => void studio.getState().setComponentEnabled(row.id, e.target.checked)}
        />
      </label>
      <button
        className="component-name link"
        title="Open what this component renders"
        onClick={() => void studio.getState().openComponentSource(row.id)}
      >
        {row.id}
      </button>
      <span className={`component-size${zero ? ' zero' : ''}`} data-testid={`component-size-${row.id}`}>
        {r ? (
          zero ? (
            <>
              0 <span className="reason">— {r.reason ?? r.status}</span>
            </>
          ) : (
            <>
              {formatCount(chars)} chars{row.tokens !== undefined && <> · {formatCount(row.tokens)} tok</>}
            </>
          )
        ) : (
          <span className="muted">not built</span>
        )}
      </span>
      <button
        className="small"
        onClick={() => void studio.getState().openComponentOverride(row.id)}
        title={row.hasOverride ? 'Edit the override template' : 'Create an override template from the default'}
      >
        {row.hasOverride ? 'Edit override' : 'Override'}
      </button>
    </li>
  );
}, sameRow);

/**
 * The rows as a string: equal strings mean nothing to re-render, so a keystroke in the
 * template (which moves offsets but rarely a component's size) leaves the list alone.
 */
export function componentRowsSignature(s: StudioState): string {
  const variantId = focusVariantId(s);
  if (!variantId) return '';
  const text = s.docs[docKey({ kind: 'variant-config', variantId })]?.text;
  if (text === undefined) return '';
  const parsed = readVariantYaml(text);
  if (!parsed.value) return JSON.stringify({ error: parsed.error });
  const v = parsed.value;
  const preview = s.preview;
  const result = variantResultOf(preview, variantId);
  const tokens = new Map<string, number>();
  // The host's section sizes (the one function the compare view and the CLI use) when they are in.
  const sizes = result && s.tokens?.seq === preview?.seq ? s.tokens?.sections : undefined;
  if (sizes) {
    for (const size of sizes) if (size.tokens !== null) tokens.set(size.key, size.tokens);
  } else if (result && s.outlineTokens && s.outlineTokens.seq === preview?.seq) {
    const counts = s.outlineTokens.counts;
    outlineOf(preview).forEach((e, i) => {
      if (e.componentId) tokens.set(e.componentId, (tokens.get(e.componentId) ?? 0) + (counts[i] ?? 0));
    });
  }
  const documents = s.workspace?.documents;
  const rows: ComponentRow[] = v.componentOrder.map((id, index) => {
    const report = result?.components.find((c) => c.id === id);
    const overrideKey = docKey({ kind: 'component-override', variantId, componentId: id });
    return {
      id,
      index,
      enabled: v.overrides[id]?.enabled !== false,
      hasOverride: v.overrides[id]?.hasTemplate === true || (documents?.some((d) => d.key === overrideKey) ?? false),
      report,
      tokens: report && report.finalChars > 0 ? componentCount(`${variantId}\u0000${id}`, report.finalChars, tokens.get(id)) : undefined,
    };
  });
  return JSON.stringify({ rows });
}

/** Each component's last count (by variant), shown while the next result's counts are coming and its size is the same. */
const componentCount = keptCounts();

/** Rows come parsed anew with every signature: compare what they show, so only a changed row renders again. */
function sameRow(a: { row: ComponentRow; count: number }, b: { row: ComponentRow; count: number }): boolean {
  return a.count === b.count && JSON.stringify(a.row) === JSON.stringify(b.row);
}

export function ComponentList() {
  const variantId = useStudio(focusVariantId);
  const signature = useStudio(componentRowsSignature);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const parsed = useMemo(() => (signature ? (JSON.parse(signature) as { rows?: ComponentRow[]; error?: string }) : null), [signature]);
  const rows = parsed?.rows ?? [];
  // The same array while the order is the same: a new one makes every sortable row render again.
  const order = rows.map((r) => r.id).join('\n');
  const items = useMemo(() => (order ? order.split('\n') : []), [order]);
  // Loaded while the list is shown, so a click's edit applies in the click (components-slice.ts).
  useEffect(() => void variantYaml(), []);

  if (!variantId) return <p className="muted pad">Choose a variant in the explorer.</p>;
  if (parsed?.error)
    return (
      <p className="error pad" role="alert">
        {parsed.error}
      </p>
    );
  if (!parsed) return <p className="muted pad">Loading…</p>;

  const onDragEnd = (e: DragEndEvent): void => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = rows.findIndex((r) => r.id === e.active.id);
    const to = rows.findIndex((r) => r.id === e.over!.id);
    if (from >= 0 && to >= 0) void studio.getState().moveComponent(from, to);
  };

  return (
    <div className="component-list" data-testid="component-list">
      <p className="hint">
        Order of <strong>{variantId}</strong>. Drag, or focus a handle and press Alt+↑/↓; the component’s slot in the template moves with
        it, so the prompt follows the list. Sizes are what each component adds to the prompt under the current context.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${active.id}.`,
            onDragOver: ({ active, over }) => (over ? `${active.id} is over ${over.id}.` : `${active.id} is no longer over a component.`),
            onDragEnd: ({ active, over }) => (over ? `${active.id} dropped at the place of ${over.id}.` : `${active.id} dropped.`),
            onDragCancel: ({ active }) => `Moving ${active.id} was cancelled.`,
          },
        }}
      >
        <SortableContext items={items} strategy={verticalListSortingStrategy}>
          <ol className="components" aria-label="Component order">
            {rows.map((r) => (
              <Row key={r.id} row={r} count={rows.length} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}
