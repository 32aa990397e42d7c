import { z } from 'zod';
import { CaptureSectionSchema } from '../../capture/profile.js';

/**
 * Pieces every harness profile shares. A profile is `harnesses/<id>/harness.yaml`; every
 * wrapper, header, label, separator and file name in it is data. A text field is a string, or
 * `{ textFile: <name> }` naming a text file in the profile folder (its one final newline is not
 * part of the text); the loader resolves files before validation, so the engine sees strings.
 */

export const ID = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . -');

/** A literal text of the profile (wrapper, header, separator). `{{slot}}`s are filled by the engine. */
export const HarnessText = z.string();

/** A file name without folders. */
export const FileName = z
  .string()
  .min(1)
  .refine((n) => !/[\\/]/.test(n) && n !== '.' && n !== '..', { message: 'a file name, without folders' });

/** A relative path below a folder (forward slashes, no `..`). */
export const RelativePath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split('/').includes('..'), {
    message: 'a relative path without ..',
  });

/** An environment variable name. */
export const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name');

/** A key of the context's settings: dotted for nested objects (`context.fileName`). */
export const SettingKey = z.string().min(1);

/**
 * A path template: `{{home}}`, `{{cwd}}` and the loader's own slots, then a leading `~/`;
 * must end up absolute.
 */
export const PathTemplate = z.string().min(1);

/** Per operating system. */
export const PerOs = <T extends z.ZodType>(value: T) => z.object({ linux: value, darwin: value, win32: value }).strict();

export const HarnessBaseFields = {
  $schema: z.string().optional(),
  id: ID,
  /** Display name, e.g. `Codex CLI`. */
  name: z.string().min(1),
  /** The agent, as conformance cases name it (`harness`): codex, gemini-cli, claude-code, cline, opencode. */
  agent: ID,
  /** The agent version this profile reproduces; cases name it `<agent>-<version>`. */
  version: z.string().min(1),
  /** What the profile was made from: spec page, source commit, observed release. */
  describes: z.string().default(''),
  /** The agent releases whose requests were captured and matched (`[2.1.328, 2.1.332]`); empty: not observed. */
  observedWith: z.array(z.string().min(1)).default([]),
  description: z.string().default(''),
  /** How capture drives the released agent against the local stand-in (shared/capture/profile.ts). */
  capture: CaptureSectionSchema.optional(),
};
