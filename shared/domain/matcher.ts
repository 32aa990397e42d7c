import { z } from 'zod';

/**
 * Declarative variant matchers: conditions on the provider id, the model id, the custom
 * prompt and context flags, combined with all / any / not. Plain data, so the app can edit
 * them and the engine can explain every verdict.
 */

export const StringConditionSchema = z
  .object({
    equals: z.string().optional(),
    contains: z.string().optional(),
    prefix: z.string().optional(),
    suffix: z.string().optional(),
    regex: z.string().optional(),
    /** Compare case-insensitively (the default, as model ids are written in many cases). */
    ignoreCase: z.boolean().default(true),
  })
  .strict()
  .refine((c) => [c.equals, c.contains, c.prefix, c.suffix, c.regex].filter((v) => v !== undefined).length === 1, {
    message: 'a string condition needs exactly one of equals, contains, prefix, suffix, regex',
  });

/** Context flags a matcher may test (booleans of the simulated context). */
export const MATCHER_FLAGS = [
  'supportsBrowserUse',
  'enableNativeToolCalls',
  'enableParallelToolCalling',
  'yoloModeToggled',
  'subagentsEnabled',
  'clineWebToolsEnabled',
  'isMultiRootEnabled',
  'isCliEnvironment',
  'isSubagentRun',
  'focusChainEnabled',
  'planMode',
] as const;
export type MatcherFlag = (typeof MATCHER_FLAGS)[number];

export type StringCondition = z.infer<typeof StringConditionSchema>;

export type Matcher =
  | { all: Matcher[] }
  | { any: Matcher[] }
  | { not: Matcher }
  | { always: boolean }
  | { providerId: StringCondition }
  | { modelId: StringCondition }
  | { customPrompt: StringCondition }
  | { flag: MatcherFlag; is?: boolean };

export type MatcherInput =
  | { all: MatcherInput[] }
  | { any: MatcherInput[] }
  | { not: MatcherInput }
  | { always: boolean }
  | { providerId: z.input<typeof StringConditionSchema> }
  | { modelId: z.input<typeof StringConditionSchema> }
  | { customPrompt: z.input<typeof StringConditionSchema> }
  | { flag: MatcherFlag; is?: boolean };

export const MatcherSchema: z.ZodType<Matcher, MatcherInput> = z.lazy(() =>
  z.union([
    z.object({ all: z.array(MatcherSchema).min(1) }).strict(),
    z.object({ any: z.array(MatcherSchema).min(1) }).strict(),
    z.object({ not: MatcherSchema }).strict(),
    z.object({ always: z.boolean() }).strict(),
    z.object({ providerId: StringConditionSchema }).strict(),
    z.object({ modelId: StringConditionSchema }).strict(),
    z.object({ customPrompt: StringConditionSchema }).strict(),
    z.object({ flag: z.enum(MATCHER_FLAGS), is: z.boolean().optional() }).strict(),
  ]),
);
