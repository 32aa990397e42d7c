import { Validator, type Schema } from '@cfworker/json-schema';

/**
 * Checking a value against a JSON Schema (tool arguments; a test's expected arguments), with
 * @cfworker/json-schema, which interprets schemas (no generated code, so it runs under a
 * strict CSP too). `pattern` and `patternProperties` would run a regular expression from a
 * file on the model's output with backtracking: they are left out (tests use the linear-time
 * regex assertion instead; the test loader says so).
 */

const BACKTRACKING_KEYWORDS = ['pattern', 'patternProperties'] as const;

/** The keyword paths in a schema that use backtracking regular expressions (a test file may not). */
export function regexKeywords(schema: unknown, at = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => regexKeywords(s, `${at}/${i}`));
  if (schema === null || typeof schema !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if ((BACKTRACKING_KEYWORDS as readonly string[]).includes(key) && at.split('/').at(-1) !== 'properties') out.push(`${at}/${key}`);
    out.push(...regexKeywords(value, `${at}/${key}`));
  }
  return out;
}

function withoutRegex(schema: unknown, parentKey = ''): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withoutRegex(s));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if ((BACKTRACKING_KEYWORDS as readonly string[]).includes(key) && parentKey !== 'properties') continue;
    out[key] = withoutRegex(value, key);
  }
  return out;
}

/** What is wrong with `value` under `schema` (empty: it conforms), each with where in the value. */
export function schemaProblems(schema: unknown, value: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  let validator: Validator;
  try {
    validator = new Validator(withoutRegex(schema) as Schema, '2020-12', false);
  } catch (error) {
    return [`the schema cannot be used: ${error instanceof Error ? error.message : String(error)}`];
  }
  const result = validator.validate(value);
  if (result.valid) return [];
  // The library reports every enclosing keyword too; the innermost ones say what is wrong.
  const leaves = result.errors.filter((e) => !['properties', 'allOf', 'anyOf', 'oneOf', 'items', '$ref', 'false'].includes(e.keyword));
  const shown = (leaves.length ? leaves : result.errors).slice(0, 5);
  return shown.map((e) => `${e.instanceLocation.replace(/^#/, '') || '(arguments)'}: ${e.error}`);
}
