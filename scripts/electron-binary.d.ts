export const RETRY_AFTER_MS: number;
export function findElectronBinary(electronDir: string, env: Record<string, string | undefined>): string | null;
export function fetchElectronBinary(options: {
  electronDir: string;
  failedMarker: string;
  now?: number;
  run?: (installer: string, cwd: string) => boolean;
}): boolean;
