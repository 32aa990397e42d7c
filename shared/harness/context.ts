import { z } from 'zod';
import { VirtualEntrySchema, type VirtualTree } from '../stack/context.js';
import { isAbsolutePath, normalizePath } from '../stack/path.js';

/**
 * The context a harness run reads: a file tree, the working folder, home, OS, environment,
 * the agent's own settings and the paths its read tool opens. The same shape as a case of
 * shared/conformance/harness-cases.json (whose bookkeeping keys are accepted and ignored),
 * so a case file is a valid context file.
 */

/** Longer than any disk allows (Windows long paths: 32,767): a longer path only makes every walk along it slower. */
export const MAX_HARNESS_PATH = 32768;

const AbsolutePath = z
  .string()
  .max(MAX_HARNESS_PATH, `at most ${MAX_HARNESS_PATH} characters (the longest path a disk allows)`)
  .refine(isAbsolutePath, { message: 'must be an absolute path' });

/** A tree entry: text, or a folder when the path ends with `/` (value ""), or a VirtualEntry object. */
const FileEntrySchema = z.union([z.string(), VirtualEntrySchema]);

export const HARNESS_OS = ['linux', 'darwin', 'win32'] as const;
export type HarnessOs = (typeof HARNESS_OS)[number];

export const HarnessContextSchema = z
  .object({
    /** Absolute path -> content. A path ending in `/` is a folder; parents exist implicitly. */
    files: z.record(AbsolutePath, FileEntrySchema).default({}),
    /** Link path -> target; a relative target is relative to the link's folder. */
    symlinks: z.record(AbsolutePath, z.string().min(1)).default({}),
    cwd: AbsolutePath.default('/home/user/project'),
    home: AbsolutePath.default('/home/user'),
    os: z.enum(HARNESS_OS).default('linux'),
    env: z.record(z.string(), z.string()).default({}),
    /** The agent's own settings by the keys its spec names, plus the test-context keys it defines. */
    settings: z.record(z.string(), z.unknown()).default({}),
    /** Paths the agent's read tool opens, in order (on-demand loading). */
    reads: z.array(AbsolutePath).default([]),
    // Keys of a conformance case, accepted so a case file can be used as a context file.
    harness: z.string().optional(),
    version: z.string().optional(),
    name: z.string().optional(),
    part: z.string().optional(),
    expected: z.string().optional(),
    confidence: z.string().optional(),
    notes: z.string().optional(),
  })
  .strict();

export type HarnessContext = z.infer<typeof HarnessContextSchema>;

/**
 * A repository's instruction files as part of another context (a Cline-style context's
 * `repository`): the tree and machine facts a harness profile reads. The working folder is the
 * enclosing context's.
 */
export const HarnessRepositorySchema = z
  .object({
    /** The harness profile that reads the files (default cline-classic). */
    harness: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/)
      .default('cline-classic'),
    files: z.record(AbsolutePath, FileEntrySchema).default({}),
    symlinks: z.record(AbsolutePath, z.string().min(1)).default({}),
    /** Home folder; default the context's machine home. */
    home: AbsolutePath.optional(),
    env: z.record(z.string(), z.string()).default({}),
    /** The harness's settings (for Cline: documentsDir, preferredLanguage, toggles, evaluationPaths). */
    settings: z.record(z.string(), z.unknown()).default({}),
    /**
     * `real`: the working folder on the machine running the host (a folder the user chose
     * through it), instead of `files`; home and the global rules folder are that machine's.
     */
    discovery: z.enum(['virtual', 'real']).default('virtual'),
  })
  .strict();

export type HarnessRepository = z.infer<typeof HarnessRepositorySchema>;
export type HarnessContextInput = z.input<typeof HarnessContextSchema>;

export function parseHarnessContext(input: unknown): HarnessContext {
  return HarnessContextSchema.parse(input);
}

/** The context's files and symlinks as a virtual tree (folders given with a trailing `/`). */
export function harnessTree(context: Pick<HarnessContext, 'files' | 'symlinks'>): VirtualTree {
  const tree: VirtualTree = {};
  for (const [path, entry] of Object.entries(context.files)) {
    const folder = /[\\/]$/.test(path) && entry === '';
    tree[normalizePath(path)] = folder ? { type: 'dir' } : entry;
  }
  for (const [path, target] of Object.entries(context.symlinks)) tree[normalizePath(path)] = { type: 'symlink', target };
  return tree;
}
