import type { MachineInfo, SystemPromptContext } from '../domain/context.js';

/**
 * Everything a build needs from outside its inputs: the clock, the process working
 * directory (Cline's fallback when the context has no cwd) and the machine facts. The
 * engine never reads them itself, so the same inputs give the same prompt anywhere.
 */
export interface BuildOptions {
  /** The build's "today": a Date, or a YYYY-MM-DD string. The context's `date` wins when set. */
  now: Date | string;
  /** Used for CWD when the context has no (or an empty) cwd. */
  processCwd: string;
  /** OS, shell, home directory and platform; the context's `machine` fields win. */
  machine?: MachineInfo | undefined;
}

export interface BuildEnvironment {
  currentDate: string;
  processCwd: string;
  machine: Required<MachineInfo>;
}

const DEFAULT_MACHINE: Required<MachineInfo> = { os: 'Linux', shell: '/bin/bash', homeDir: '/home/user', platform: 'linux' };

export function resolveEnvironment(context: SystemPromptContext, options: BuildOptions): BuildEnvironment {
  const date = context.date ?? (typeof options.now === 'string' ? options.now : options.now.toISOString().slice(0, 10));
  return {
    currentDate: date,
    processCwd: options.processCwd,
    machine: { ...DEFAULT_MACHINE, ...stripUndefined(options.machine), ...stripUndefined(context.machine) },
  };
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
