import type { BuiltinComponent, ComponentEntry, ComponentFunction } from './component-types.js';

/**
 * Component ids -> how to build them. Starts from the built-ins; a workspace adds its
 * template components (replacing a built-in of the same id), and code can register
 * functions, as in Cline's ComponentRegistry.
 */
export class ComponentRegistry {
  private readonly entries = new Map<string, ComponentEntry>();

  constructor(entries: Iterable<ComponentEntry> = []) {
    for (const entry of entries) this.entries.set(entry.id, entry);
  }

  registerBuiltin(component: BuiltinComponent): this {
    this.entries.set(component.id, { kind: 'builtin', id: component.id, component });
    return this;
  }

  registerTemplate(id: string, template: string, file?: string, description?: string): this {
    this.entries.set(id, { kind: 'workspace', id, template, file, description });
    return this;
  }

  register(id: string, fn: ComponentFunction): this {
    this.entries.set(id, { kind: 'code', id, fn });
    return this;
  }

  unregister(id: string): this {
    this.entries.delete(id);
    return this;
  }

  get(id: string): ComponentEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  values(): ComponentEntry[] {
    return [...this.entries.values()];
  }

  clone(): ComponentRegistry {
    return new ComponentRegistry(this.entries.values());
  }
}
