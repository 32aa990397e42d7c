/** Where the CLI writes, so tests can run it in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Environment variables (connection keys); default process.env. */
  env?: NodeJS.ProcessEnv | undefined;
}

/** A problem with the arguments or the input files: printed as one line, exit code 2. */
export class UsageError extends Error {}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
