import { z } from 'zod';
import { HarnessContextSchema } from '../../harness/context.js';
import type { HarnessContextUse } from '../../harness/context-use.js';
import type { InstructionFinding } from '../../harness/lint.js';
import type { HarnessResult } from '../../harness/result.js';
import type { CaptureVerdict } from '../../capture/verdict.js';
import { channel } from './channel.js';

/** Channels of harness profiles: what each coding agent loads from one repository's instruction files. */

/** Bounds on a tree sent by the renderer. */
const MAX_FILES = 5000;
const MAX_TEXT = 8 * 1024 * 1024;

export const HarnessRunContextSchema = HarnessContextSchema.refine(
  (c) => Object.keys(c.files).length + Object.keys(c.symlinks).length <= MAX_FILES,
  {
    message: `at most ${MAX_FILES} files and links`,
  },
).refine(
  (c) =>
    Object.values(c.files).reduce(
      (n, v) => n + (typeof v === 'string' ? v.length : v.type === 'file' ? (v.content ?? v.base64 ?? '').length : 0),
      0,
    ) <= MAX_TEXT,
  {
    message: `at most ${MAX_TEXT} characters of file text`,
  },
);

/** A standard global location of a harness on this machine (real disk), and whether the user switched it off. */
export interface HarnessGlobalInfo {
  id: string;
  name: string;
  paths: string[];
  off: boolean;
}

/** A harness result with token counts (o200k) of each part and of each loaded file's text. */
export type HarnessRunResult = HarnessResult & {
  partTokens: number[];
  /** By index into `files`; absent where the file contributes no text. */
  fileTokens: (number | null)[];
  /** Real disk: the harness's standard global locations on this machine. */
  globals?: HarnessGlobalInfo[] | undefined;
};

/** What the view shows of a capture (the agent's environment and home stay in the host). */
export interface HarnessCaptureResult {
  harness: string;
  ok: boolean;
  problem?: { code: string; message: string } | undefined;
  bin?: string | undefined;
  version?: string | undefined;
  isolation: { namespace: boolean; note: string };
  /** Every request that arrived at the stand-in. */
  requests: { method: string; url: string; bytes: number }[];
  /** The model request the verdict is against: path and the body as it arrived. */
  request?: { url: string; body: string } | undefined;
  /** Home-relative paths of the global files copied into the agent's temporary home (real home: read where they are). */
  copied: string[];
  /** The agent ran with the user's real home. */
  realHome?: boolean | undefined;
  verdict?: CaptureVerdict | undefined;
  /** The capture as conformance cases, kept in the host to be saved (harness:saveCaptureCase): its id, a suggested file name, how many cases. */
  saveCase?: { id: string; fileName: string; cases: number } | undefined;
  durationMs: number;
}

export const SaveCaptureCaseOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), path: z.string(), cases: z.number().int() }).strict(),
  z.object({ status: z.literal('cancelled') }).strict(),
]);

export const harnessChannels = {
  'harness:capture': channel(
    z
      .object({
        harness: z.string().regex(/^[A-Za-z0-9_.-]+$/),
        /** The granted working folder (only read). */
        cwd: z.string().min(1).max(4096),
        /** The agent's program; the profile's name on PATH when absent. */
        bin: z.string().min(1).max(4096).optional(),
        /** The user accepted running without a network namespace (asked when the host has none: problem `no-namespace`). */
        allowNetwork: z.boolean().optional(),
        /** "Use my real home": the agent runs with the user's HOME (it may write its session logs and settings there) instead of a temporary one. */
        realHome: z.boolean().optional(),
      })
      .strict(),
    z.custom<HarnessCaptureResult>((v) => typeof v === 'object' && v !== null && 'harness' in v),
    'Runs the agent installed on this machine for one turn against a local stand-in of its model API (capture section of the harness profile) in a granted working folder, and compares the request it sent with the profile: the request, each part matched or a word diff, and why nothing was captured.',
  ),
  'harness:saveCaptureCase': channel(
    z
      .object({
        /** The capture's saveCase.id. */
        id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
        /** Browser mode (no save dialog): a workspace-relative .json file the user named; refused outside the open workspace. */
        path: z.string().min(1).max(1024).optional(),
      })
      .strict(),
    SaveCaptureCaseOutcomeSchema,
    'Writes the last capture as conformance cases (what `capture --save-case` writes): where the user chooses in the save dialog (desktop), or (browser mode) into the named new .json file inside the open workspace.',
  ),
  'harness:run': channel(
    z
      .object({
        context: HarnessRunContextSchema,
        /** Harness profile ids; all of the workspace's when absent. */
        harnesses: z
          .array(z.string().regex(/^[A-Za-z0-9_.-]+$/))
          .max(50)
          .optional(),
        /**
         * `real`: the working folder's files on this machine instead of the context's tree —
         * only inside a folder chosen through the host (stack:grantFolder) and the harnesses'
         * standard global locations; home and environment are the machine's.
         */
        discovery: z.enum(['virtual', 'real']).optional(),
        /** Real disk: ids of standard global locations switched off. */
        globalsOff: z.array(z.string().max(100)).max(100).optional(),
      })
      .strict(),
    z
      .object({
        results: z.array(z.custom<HarnessRunResult>((v) => typeof v === 'object' && v !== null && 'harness' in v)),
        lint: z.array(z.custom<InstructionFinding>((v) => typeof v === 'object' && v !== null && 'code' in v)),
        /** Which of the context's environment variables and settings this run used, and why not (the form shows them). */
        contextUse: z.custom<HarnessContextUse>((v) => typeof v === 'object' && v !== null && 'discovery' in v),
        durationMs: z.number(),
      })
      .strict(),
    'Runs the workspace harness profiles on one tree (the context’s virtual files, or the granted working folder on this machine): per harness, the parts it sends with their placement, every file it looked at with status and reason, token counts; and the instruction-file lint across them.',
  ),
} as const;
