export type LaunchDecision = { kind: 'electron'; binary: string } | { kind: 'browser'; reason: string };
export function decideLaunch(machine: {
  findBinary: () => string | null;
  fetchBinary: () => boolean;
  platform: string;
  env: Record<string, string | undefined>;
}): LaunchDecision;
export function browserModeNotice(reason: string): string;
