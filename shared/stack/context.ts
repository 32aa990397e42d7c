import { z } from 'zod';
import { isAbsolutePath } from './path.js';

/**
 * The simulated runtime state an OpenCode-style stack is built for. Separate from the
 * Cline-style context in shared/domain/context.ts: the two agents read different facts.
 * Every machine fact (date, platform, home, environment, files) is here, so a build reads
 * nothing from the machine it runs on unless the caller passes the real filesystem.
 */

const AbsolutePath = z.string().refine(isAbsolutePath, { message: 'must be an absolute path' });

/** YYYY-MM-DD that names a real calendar day. */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are written YYYY-MM-DD')
  .refine(
    (s) => {
      const [y, m, d] = s.split('-').map(Number) as [number, number, number];
      return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
    },
    { message: 'not a calendar date' },
  );

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * One entry of a virtual file tree. A plain string is a readable text file. Folders are
 * implied by the paths below them; `{ type: 'dir' }` makes an empty one (e.g. `.git`).
 */
export const VirtualEntrySchema = z.union([
  z.string(),
  z
    .object({
      type: z.literal('file'),
      content: z.string().optional(),
      /** Raw bytes as base64 (for binary files); wins over `content`. */
      base64: z.string().optional(),
      /** The file exists but reading it fails with EACCES (like chmod 000). */
      unreadable: z.boolean().optional(),
    })
    .strict(),
  z.object({ type: z.literal('dir') }).strict(),
  z
    .object({
      type: z.literal('symlink'),
      /** Absolute, or relative to the folder holding the link. */
      target: z.string().min(1),
    })
    .strict(),
]);

/** Absolute path -> entry. */
export const VirtualTreeSchema = z.record(AbsolutePath, VirtualEntrySchema);

export const StackContextSchema = z
  .object({
    providerId: z.string().default('anthropic'),
    modelId: z.string().default('claude-sonnet-4-5'),
    /** The agent answering this message; default: the profile's default agent. */
    agent: z.string().optional(),
    /** The agent that answered the previous message (switch reminders look at it). */
    previousAgent: z.string().optional(),
    /** The working directory (OpenCode's instance directory). */
    cwd: AbsolutePath.default('/home/user/project'),
    /** The git worktree root; when absent it is found by looking for `.git` upwards from cwd. */
    worktreeRoot: AbsolutePath.optional(),
    /** Whether cwd is in a git repository; when absent, true exactly when a worktree root is known or found. */
    isGitRepo: z.boolean().optional(),
    /** As Node's process.platform names it: linux, darwin, win32, ... */
    platform: z.string().min(1).default('linux'),
    /** Today, as YYYY-MM-DD (local date of the simulated machine). */
    date: IsoDateSchema.default('2026-01-01'),
    homeDir: AbsolutePath.default('/home/user'),
    /** The user config folder (XDG config home); default `<homeDir>/.config`. */
    configDir: AbsolutePath.optional(),
    /** Environment variables the profile's flags read (e.g. OPENCODE_DISABLE_CLAUDE_CODE_PROMPT). */
    env: z.record(z.string(), z.string()).default({}),
    /** Extra configured `instructions` entries (the user's config), after the profile's own. */
    instructions: z.array(z.string().min(1)).default([]),
    /** MCP servers and their instructions (OpenCode 1.18.33 sends them after the instruction blocks). */
    mcpServers: z.array(z.object({ name: z.string().min(1), instructions: z.string().default('') }).strict()).default([]),
    /** Skills the agent offers (listed after the MCP instructions). */
    skills: z.array(z.object({ name: z.string().min(1), description: z.string().default('') }).strict()).default([]),
    /** The `system` text the user message carries, appended last to the system prompt. */
    userSystem: z.string().default(''),
    /** The text of the user message. */
    userMessage: z.string().default(''),
    /** Virtual file tree used when the caller passes no filesystem. */
    files: VirtualTreeSchema.default({}),
  })
  .strict();

export type VirtualEntry = z.infer<typeof VirtualEntrySchema>;
export type VirtualTree = z.infer<typeof VirtualTreeSchema>;
export type StackContext = z.infer<typeof StackContextSchema>;
export type StackContextInput = z.input<typeof StackContextSchema>;

/** Parses a context (defaults applied); throws zod's error on bad input. */
export function parseStackContext(input: unknown): StackContext {
  return StackContextSchema.parse(input);
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * `2026-11-29` -> `Sun Nov 29 2026`, the form of JavaScript's Date#toDateString, computed
 * by calendar arithmetic (no clock, no time zone). Years 0-9999 are written with four digits.
 */
export function toDateString(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // Sakamoto's day-of-week for the proleptic Gregorian calendar (0 = Sunday).
  const t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4] as const;
  const yy = m < 3 ? y - 1 : y;
  const dow = (((yy + Math.floor(yy / 4) - Math.floor(yy / 100) + Math.floor(yy / 400) + (t[m - 1] as number) + d) % 7) + 7) % 7;
  const day = DAY_NAMES[dow] as string;
  const month = MONTH_NAMES[m - 1] as string;
  return `${day} ${month} ${String(d).padStart(2, '0')} ${String(y).padStart(4, '0')}`;
}
