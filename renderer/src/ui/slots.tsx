import type { ComponentType } from 'react';

/**
 * A place in one feature's view where another feature's view goes, without the two knowing
 * each other: the feature declares the slot (what it hands over as props), app/ fills it at
 * the start. An unfilled slot renders nothing (as in a unit test of the feature alone).
 */
export interface Slot<P extends object> {
  /** Renders what fills the slot with these props. */
  Render: ComponentType<P>;
  fill(view: ComponentType<P> | null): void;
  readonly name: string;
}

export function createSlot<P extends object>(name: string): Slot<P> {
  let view: ComponentType<P> | null = null;
  function Render(props: P) {
    const View = view;
    return View ? <View {...props} /> : null;
  }
  Render.displayName = `Slot(${name})`;
  return {
    name,
    Render,
    fill(next) {
      view = next;
    },
  };
}
