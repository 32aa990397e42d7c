export const ROOT: string;
export const OUTPUTS: string[];
export const STAMP: string;
export function sourceHash(root?: string): { hash: string; files: number };
export function writeStamp(root?: string, now?: Date): string;
/** Null when the build is up to date; else why not. */
export function staleness(root?: string): string | null;
