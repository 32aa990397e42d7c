import { z } from 'zod';
import { EnvName, HarnessBaseFields, HarnessText, PathTemplate } from './common.js';

/** One place rules come from; later places win a name clash. */
const Location = z.union([
  /** One file; `name` is its rule name (else the file name without extension). */
  z.object({ file: PathTemplate, name: z.string().optional() }).strict(),
  /** A folder read without recursion. */
  z.object({ folder: PathTemplate }).strict(),
  /** A folder, or a single file whose rule is named `name`. */
  z.object({ folderOrFile: PathTemplate, name: z.string() }).strict(),
]);

/** Cline's v4 SDK loader: named rules from fixed places, sorted by name under one heading. */
export const ClineSdkProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('cline-sdk'),
    homeVariable: EnvName.default('HOME'),
    clineDirVariable: EnvName.default('CLINE_DIR'),
    clineDirDefault: PathTemplate.default('{{home}}/.cline'),
    /** `{{cwd}}`, `{{home}}`, `{{clineDir}}`. */
    locations: z.array(Location).min(1),
    /** File extensions read from folders (any letter case). */
    extensions: z.array(z.string().min(1)).min(1),
    /** A symlinked rule file in a folder is skipped (a symlinked folder is followed). */
    skipSymlinkedFiles: z.boolean().default(true),
    settings: z
      .object({ preferredLanguage: z.string().default('preferredLanguage') })
      .strict()
      .prefault({}),
    /** Display name -> key, for the preferred-language block. */
    languages: z.record(z.string(), z.string()).default({}),
    defaultLanguage: z.string().default('en'),
    /** Whether this version writes the preferred-language block. */
    preferredLanguageBlock: z.boolean().default(false),
    languageBlock: HarnessText,
    /** `{{rules}}`. */
    rules: HarnessText,
    /** `{{name}}`, `{{content}}`. */
    rule: HarnessText,
    ruleSeparator: HarnessText,
  })
  .strict();

export type ClineSdkProfile = z.infer<typeof ClineSdkProfileSchema>;
export type ClineSdkLocation = z.infer<typeof Location>;
