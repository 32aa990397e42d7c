import { z } from 'zod';

/**
 * Each model family's context window and maximum output, in tokens: a table the user edits
 * (the workspace's `models.yaml`, schema `schemas/models.schema.json`), over built-in values
 * for the families the built-in variants serve. A model id finds its family by the longest
 * `match` prefix of its model name (the id without a gateway or vendor part: the text after
 * the last `/`), case-insensitively; on equal prefixes the workspace's row wins. Values are
 * the providers' published limits (late 2025); a local model's server may be set to a
 * smaller context (Ollama's num_ctx) — put that in models.yaml.
 */

export const ModelFamilyLimitsSchema = z
  .object({
    /** A name for the family, e.g. claude-sonnet-4.5. */
    family: z.string().min(1),
    /** The provider id that serves it (informative). */
    provider: z.string().optional(),
    /** Model name prefixes that belong to the family (case-insensitive), e.g. [claude-sonnet-4-5, claude-sonnet-4.5]. */
    match: z.array(z.string().min(1)).min(1),
    /** Tokens the model reads and writes in one request: prompt, tools, messages and output together. */
    contextWindow: z.number().int().positive(),
    /** The most tokens one reply may have. */
    maxOutput: z.number().int().positive().optional(),
    note: z.string().optional(),
  })
  .strict();
export type ModelFamilyLimits = z.infer<typeof ModelFamilyLimitsSchema>;

/** models.yaml: the families the workspace adds or overrides. */
export const ModelLimitsFileSchema = z
  .object({
    description: z.string().optional(),
    families: z.array(ModelFamilyLimitsSchema).default([]),
  })
  .strict();

/** The file's workspace-relative path. */
export const MODEL_LIMITS_FILE = 'models.yaml';

const K = 1000;
/** 2^10 multiples as the providers state them (1,048,576 = "1M" for Gemini). */
const KI = 1024;

/** Built-in limits; variants/models.yaml holds the same rows (a test keeps them equal). */
export const BUILTIN_MODEL_LIMITS: readonly ModelFamilyLimits[] = [
  {
    family: 'claude-sonnet-4.5',
    provider: 'anthropic',
    match: ['claude-sonnet-4-5', 'claude-sonnet-4.5'],
    contextWindow: 200 * K,
    maxOutput: 64 * K,
  },
  {
    family: 'claude-sonnet-4',
    provider: 'anthropic',
    match: ['claude-sonnet-4', 'claude-4-sonnet'],
    contextWindow: 200 * K,
    maxOutput: 64 * K,
  },
  {
    family: 'claude-opus-4.5',
    provider: 'anthropic',
    match: ['claude-opus-4-5', 'claude-opus-4.5'],
    contextWindow: 200 * K,
    maxOutput: 64 * K,
  },
  {
    family: 'claude-opus-4.1',
    provider: 'anthropic',
    match: ['claude-opus-4-1', 'claude-opus-4.1', 'claude-opus-4', 'claude-4-opus'],
    contextWindow: 200 * K,
    maxOutput: 32 * K,
  },
  {
    family: 'claude-haiku-4.5',
    provider: 'anthropic',
    match: ['claude-haiku-4-5', 'claude-haiku-4.5'],
    contextWindow: 200 * K,
    maxOutput: 64 * K,
  },
  { family: 'claude-3.5-haiku', provider: 'anthropic', match: ['claude-3-5-haiku'], contextWindow: 200 * K, maxOutput: 8192 },
  { family: 'gpt-5', provider: 'openai', match: ['gpt-5'], contextWindow: 400 * K, maxOutput: 128 * K },
  { family: 'gpt-4.1', provider: 'openai', match: ['gpt-4.1'], contextWindow: 1_047_576, maxOutput: 32 * KI },
  { family: 'gpt-4o', provider: 'openai', match: ['gpt-4o'], contextWindow: 128 * K, maxOutput: 16 * KI },
  { family: 'o3', provider: 'openai', match: ['o3', 'o4-mini'], contextWindow: 200 * K, maxOutput: 100 * K },
  { family: 'gpt-oss', provider: 'openai', match: ['gpt-oss'], contextWindow: 128 * KI, maxOutput: 128 * KI },
  { family: 'gemini-3-pro', provider: 'gemini', match: ['gemini-3'], contextWindow: 1024 * KI, maxOutput: 64 * KI },
  { family: 'gemini-2.5', provider: 'gemini', match: ['gemini-2.5'], contextWindow: 1024 * KI, maxOutput: 64 * KI },
  { family: 'grok-4', provider: 'xai', match: ['grok-4', 'grok-code-fast'], contextWindow: 256 * K },
  { family: 'grok-4-fast', provider: 'xai', match: ['grok-4-fast'], contextWindow: 2000 * K },
  { family: 'glm-4.6', provider: 'zai', match: ['glm-4.6'], contextWindow: 200 * K, maxOutput: 128 * K },
  { family: 'glm-4.5', provider: 'zai', match: ['glm-4.5'], contextWindow: 128 * K, maxOutput: 96 * K },
  { family: 'devstral', provider: 'mistral', match: ['devstral'], contextWindow: 128 * K },
  { family: 'codestral', provider: 'mistral', match: ['codestral'], contextWindow: 256 * K },
  { family: 'hermes-4', provider: 'nousresearch', match: ['hermes-4', 'hermes3'], contextWindow: 128 * KI },
  { family: 'qwen2.5-coder', provider: 'qwen', match: ['qwen2.5-coder'], contextWindow: 32 * KI, maxOutput: 8 * KI },
  { family: 'qwen3-coder', provider: 'qwen', match: ['qwen3-coder'], contextWindow: 256 * KI, maxOutput: 64 * KI },
  { family: 'deepseek-chat', provider: 'deepseek', match: ['deepseek-chat', 'deepseek-v3'], contextWindow: 128 * K, maxOutput: 8 * K },
  { family: 'deepseek-reasoner', provider: 'deepseek', match: ['deepseek-reasoner'], contextWindow: 128 * K, maxOutput: 64 * K },
  { family: 'llama-3.1', provider: 'ollama', match: ['llama3.1', 'llama-3.1'], contextWindow: 128 * KI },
];

/** A model's limits and where they came from. */
export interface ModelLimits {
  modelId: string;
  family: string;
  contextWindow: number;
  maxOutput?: number | undefined;
  /** models.yaml, the built-in table, or (for a model no table knows) the context's model info. */
  source: 'workspace' | 'built-in' | 'context';
  /** The prefix that matched (table rows only). */
  matched?: string | undefined;
}

/** The model name of an id: without a gateway or vendor part, lower case. */
function modelName(modelId: string): string {
  const id = modelId.trim().toLowerCase();
  return id.slice(id.lastIndexOf('/') + 1);
}

/** The limits of a model id: the workspace's rows, then the built-in ones, longest prefix first; undefined when none matches. */
export function modelLimits(modelId: string, workspace: readonly ModelFamilyLimits[] = []): ModelLimits | undefined {
  const name = modelName(modelId);
  if (!name) return undefined;
  let best: { row: ModelFamilyLimits; prefix: string; source: 'workspace' | 'built-in' } | undefined;
  const consider = (rows: readonly ModelFamilyLimits[], source: 'workspace' | 'built-in'): void => {
    for (const row of rows)
      for (const prefix of row.match) {
        const p = prefix.toLowerCase();
        if (name.startsWith(p) && (!best || p.length > best.prefix.length)) best = { row, prefix: p, source };
      }
  };
  consider(workspace, 'workspace');
  consider(BUILTIN_MODEL_LIMITS, 'built-in');
  if (!best) return undefined;
  const { row, prefix, source } = best;
  return { modelId, family: row.family, contextWindow: row.contextWindow, maxOutput: row.maxOutput, source, matched: prefix };
}
