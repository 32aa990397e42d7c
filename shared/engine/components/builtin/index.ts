import { ComponentRegistry } from '../component-registry.js';
import type { BuiltinComponent } from '../component-types.js';

/** The built-in components, one per standard section id. */
export const BUILTIN_COMPONENTS: readonly BuiltinComponent[] = [];

/** A registry holding every built-in component (a fresh one each call, safe to extend). */
export function createBuiltinRegistry(): ComponentRegistry {
  const registry = new ComponentRegistry();
  for (const component of BUILTIN_COMPONENTS) registry.registerBuiltin(component);
  return registry;
}
