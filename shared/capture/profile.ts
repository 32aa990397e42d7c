import { z } from 'zod';
import { API_KINDS } from '../requests/api-kind.js';

/**
 * The `capture:` section of a harness profile: how the released agent is driven for one
 * non-interactive turn against the local stand-in for its model API. Every text may use
 * `{{baseUrl}}` (the stand-in's base URL for `api`; OpenAI's ends in /v1), `{{origin}}`
 * (http://127.0.0.1:<port>), `{{key}}` (the dummy key), `{{prompt}}`, `{{home}}` (the
 * agent's home folder) and `{{cwd}}` (the working folder).
 */

const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name');

/** A dotted release number: 2.1.332. */
const Release = z.string().regex(/^\d+(\.\d+)*$/, 'a release number such as 2.1.332');

export const CaptureDrivenSchema = z
  .object({
    /** The API the stand-in speaks to this agent. */
    api: z.enum(API_KINDS),
    /** The program's name on PATH (a path chosen by the user replaces it). */
    bin: z.string().min(1),
    /** Arguments for one non-interactive turn. */
    args: z.array(z.string()).min(1),
    /** The user message of the turn (`{{prompt}}`). */
    prompt: z.string().min(1).default('Reply with OK.'),
    /** Variables that point the agent at the stand-in and give it the dummy key. */
    env: z.record(EnvName, z.string()),
    /** Variables (and their values) that switch off the agent's own telemetry, update checks and other traffic. */
    quiet: z.record(EnvName, z.string()).default({}),
    /** Files written into the agent's temporary home before the run (path below home -> text), e.g. a provider config. */
    homeFiles: z.record(z.string().min(1), z.string()).default({}),
    /** How to read the version: the arguments, and a pattern whose first group is the release. */
    version: z
      .object({
        args: z.array(z.string()).min(1),
        pattern: z.string().min(1),
      })
      .strict(),
    /** Releases the section is known to drive (inclusive); others are refused as unsupported. */
    supported: z.object({ min: Release, max: Release.optional() }).strict(),
    /** Releases the profile's predictions were checked against by capture. */
    observed: z.array(Release).default([]),
    /** The path of the agent's model call (query left out); a final `*` matches any rest (Gemini's model in the path). */
    path: z.string().startsWith('/'),
    /** Settings of the harness profile that describe this run for the prediction (e.g. the model the command line picks). */
    settings: z.record(z.string(), z.unknown()).default({}),
    /** The whole run, from start to the end of every process it started. */
    timeoutSeconds: z.number().int().positive().max(600).default(60),
  })
  .strict();

/** An agent that capture cannot drive, and why (shown in the view). */
export const CaptureUnsupportedSchema = z.object({ unsupported: z.string().min(1) }).strict();

export const CaptureSectionSchema = z.union([CaptureDrivenSchema, CaptureUnsupportedSchema]);

export type CaptureDriven = z.infer<typeof CaptureDrivenSchema>;
export type CaptureSection = z.infer<typeof CaptureSectionSchema>;

export function isCaptureDriven(section: CaptureSection | undefined): section is CaptureDriven {
  return section !== undefined && !('unsupported' in section);
}

/** Whether a request's path and query (`url`) is the section's model call path. */
export function isCapturePath(section: CaptureDriven, url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return section.path.endsWith('*') ? pathname.startsWith(section.path.slice(0, -1)) : pathname === section.path;
}
