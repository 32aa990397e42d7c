import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const SERVE: string;
export const CHROMIUM_ARGS: string[];
export function chromiumPath(): string | undefined;
export function freePort(): Promise<number>;
export function tempWorkspace(from?: string): string;

export interface RunningApp {
  url: string;
  /** null when the app opened the built-in variants. */
  workspace: string | null;
  userData: string;
  child: ChildProcess;
  /** What the server printed so far. */
  output(): string;
  /** Stops the server and removes the temp folders startApp made (not the ones passed in). */
  stop(): Promise<void>;
}

export function startApp(opts?: {
  workspace?: string | null;
  userData?: string;
  port?: number;
  /** Start as on a new machine (the getting-started panel opens); default: it counts as seen. */
  firstRun?: boolean;
  /** Environment variables of the server (undefined removes one). */
  env?: Record<string, string | undefined>;
}): Promise<RunningApp>;
