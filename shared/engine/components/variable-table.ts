import { memoized, type ComponentInput } from './component-types.js';
import type { VolatileField } from '../volatility/volatile-fields.js';

/**
 * Variables of component templates, each computed by its own small function of the build's
 * input. One table serves both kinds of build: a plain build calls every function once and
 * keeps the values in one object per build; a tracking build runs each function under the
 * ReadTracker, so it knows which volatile context fields each variable was computed from.
 */
export type VariableTable = Readonly<Record<string, (input: ComponentInput) => unknown>>;

/** Variable name -> the volatile fields it was computed from (tracking builds only). */
const fieldsOfVariables = new WeakMap<object, ReadonlyMap<string, readonly VolatileField[]>>();

/** The variables of a table for one build, computed once and shared (treat as read-only). */
export function tableVariables(input: ComponentInput, memoKey: string, table: VariableTable): Record<string, unknown> {
  return memoized(input, memoKey, () => computeTable(input, table));
}

function computeTable(input: ComponentInput, table: VariableTable): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const tracking = input.tracking;
  if (!tracking) {
    for (const key in table) out[key] = table[key]!(input);
    return out;
  }
  const fields = new Map<string, readonly VolatileField[]>();
  for (const key in table) {
    const run = tracking.tracker.run(() => table[key]!(input));
    out[key] = run.value;
    if (run.fields.size > 0) fields.set(key, [...run.fields]);
  }
  fieldsOfVariables.set(out, fields);
  return out;
}

/**
 * The volatile fields a variable of a tracking build was computed from; follows the
 * prototype chain (workspace components see the variant's placeholders over the base
 * variables). Undefined for plain builds and stable variables.
 */
export function variableFields(vars: object, key: string): readonly VolatileField[] | undefined {
  for (let o: object | null = vars; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    if (Object.prototype.hasOwnProperty.call(o, key)) return fieldsOfVariables.get(o)?.get(key);
  }
  return undefined;
}
