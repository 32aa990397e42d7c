import os from 'node:os';
import type { MachineInfo } from '../../shared/domain/context.js';
import type { BuildOptions } from '../../shared/engine/environment.js';

const OS_NAMES: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

/** This machine's facts, for "fill from this machine" and for builds that should reflect it. */
export function machineInfo(): Required<MachineInfo> & { cwd: string } {
  const platform = process.platform;
  const shell = process.env.SHELL ?? (platform === 'win32' ? (process.env.ComSpec ?? 'cmd.exe') : '/bin/sh');
  return {
    os: `${OS_NAMES[platform] ?? platform} ${os.release()}`,
    shell,
    homeDir: os.homedir(),
    platform,
    cwd: process.cwd(),
  };
}

/** Build options from the real clock and machine (the engine itself never reads them). */
export function hostBuildOptions(date?: string): BuildOptions {
  const { cwd, ...machine } = machineInfo();
  return { now: date ?? new Date(), processCwd: cwd, machine };
}
