import type { SystemPromptContext } from '../../domain/context.js';
import type { BuildEnvironment } from '../environment.js';
import { isVolatileTopField, MACHINE_FIELDS, type VolatileField } from './volatile-fields.js';

/**
 * Records which volatile context fields a piece of the build reads. Reads go to the
 * innermost running frame and, when it ends, to the frame around it too, so a value
 * computed inside another inherits what it read.
 */
export class ReadTracker {
  private readonly frames: Set<VolatileField>[] = [];

  record(field: VolatileField): void {
    this.frames[this.frames.length - 1]?.add(field);
  }

  recordAll(fields: Iterable<VolatileField>): void {
    const top = this.frames[this.frames.length - 1];
    if (top) for (const f of fields) top.add(f);
  }

  run<T>(fn: () => T): { value: T; fields: Set<VolatileField> } {
    const frame = new Set<VolatileField>();
    this.frames.push(frame);
    let value: T;
    try {
      value = fn();
    } finally {
      this.frames.pop();
      this.recordAll(frame);
    }
    return { value, fields: frame };
  }
}

/** A proxy of an object whose every property is a field `prefix.key`. */
function fieldsProxy<T extends object>(target: T, prefix: string, tracker: ReadTracker): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'string' && Object.prototype.hasOwnProperty.call(t, prop)) tracker.record(`${prefix}.${prop}`);
      return Reflect.get(t, prop, receiver) as unknown;
    },
    has(t, prop) {
      if (typeof prop === 'string') tracker.record(`${prefix}.${prop}`);
      return Reflect.has(t, prop);
    },
    ownKeys(t) {
      const keys = Reflect.ownKeys(t);
      for (const k of keys) if (typeof k === 'string') tracker.record(`${prefix}.${k}`);
      return keys;
    },
  });
}

/** The context, with every read of a volatile field recorded. */
export function trackContext(context: SystemPromptContext, tracker: ReadTracker): SystemPromptContext {
  const machine = context.machine ? fieldsProxy(context.machine, 'machine', tracker) : undefined;
  const runtime = context.runtimePlaceholders ? fieldsProxy(context.runtimePlaceholders, 'runtimePlaceholders', tracker) : undefined;
  return new Proxy(context, {
    get(t, prop, receiver) {
      if (prop === 'machine') return machine;
      if (prop === 'runtimePlaceholders') return runtime;
      if (typeof prop === 'string' && isVolatileTopField(prop)) tracker.record(prop);
      return Reflect.get(t, prop, receiver) as unknown;
    },
    has(t, prop) {
      if (typeof prop === 'string' && isVolatileTopField(prop)) tracker.record(prop);
      return Reflect.has(t, prop);
    },
  });
}

/** The build environment, with reads of the date, the fallback working directory and the machine facts recorded. */
export function trackEnvironment(env: BuildEnvironment, tracker: ReadTracker): BuildEnvironment {
  const machine = {} as BuildEnvironment['machine'];
  for (const key of MACHINE_FIELDS) {
    Object.defineProperty(machine, key, {
      enumerable: true,
      get() {
        tracker.record(`machine.${key}`);
        return env.machine[key];
      },
    });
  }
  return {
    get currentDate() {
      tracker.record('date');
      return env.currentDate;
    },
    get processCwd() {
      tracker.record('cwd');
      return env.processCwd;
    },
    machine,
  };
}
