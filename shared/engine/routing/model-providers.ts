import { MODEL_CATALOG, type ProviderModels } from './model-catalog.js';

/**
 * Which provider serves a model id, read off the id itself: a table of known gateways (an id
 * that starts with `openrouter/` goes through OpenRouter, whatever model follows), of the
 * `vendor/model` form gateways use, and of the model-name prefixes each provider's own API
 * uses. Data, so the routing table can show the rule that decided, and a new provider is one
 * row. The model catalog (the user's list of ids per provider) is asked first: an id listed
 * there exactly is that provider's.
 */

export interface GatewayPrefix {
  /** The start of the id, with its slash (`openrouter/`). */
  prefix: string;
  /** providerInfo.providerId an agent reports when it talks to the gateway. */
  providerId: string;
  name: string;
}

/** Gateways and routers whose model ids start with their own name. */
export const GATEWAY_PREFIXES: readonly GatewayPrefix[] = [
  { prefix: 'openrouter/', providerId: 'openrouter', name: 'OpenRouter' },
  { prefix: 'bedrock/', providerId: 'bedrock', name: 'AWS Bedrock' },
  { prefix: 'vertex_ai/', providerId: 'vertex', name: 'Google Vertex AI' },
  { prefix: 'vertex/', providerId: 'vertex', name: 'Google Vertex AI' },
  { prefix: 'azure/', providerId: 'azure', name: 'Azure OpenAI' },
  { prefix: 'groq/', providerId: 'groq', name: 'Groq' },
  { prefix: 'together_ai/', providerId: 'together', name: 'Together AI' },
  { prefix: 'fireworks_ai/', providerId: 'fireworks', name: 'Fireworks AI' },
  { prefix: 'deepinfra/', providerId: 'deepinfra', name: 'DeepInfra' },
  { prefix: 'requesty/', providerId: 'requesty', name: 'Requesty' },
  { prefix: 'litellm/', providerId: 'litellm', name: 'LiteLLM proxy' },
  { prefix: 'ollama/', providerId: 'ollama', name: 'Ollama' },
  { prefix: 'lmstudio/', providerId: 'lmstudio', name: 'LM Studio' },
];

/**
 * A bare `vendor/model` id (`anthropic/claude-opus-4.1`) is the form of OpenRouter and of
 * gateways like it: the vendor is the model's maker, not the API it is sent to.
 */
export const VENDOR_FORM_PROVIDER = { providerId: 'openrouter', name: 'OpenRouter (a vendor/model id)' } as const;

export interface ModelNamePrefix {
  /** The start of the model name (after any gateway or vendor part), lower case. */
  prefix: string;
  providerId: string;
}

/** Model-name prefixes of the providers' own APIs. The longest matching prefix wins. */
export const MODEL_NAME_PREFIXES: readonly ModelNamePrefix[] = [
  { prefix: 'claude-', providerId: 'anthropic' },
  { prefix: 'gpt-', providerId: 'openai' },
  { prefix: 'chatgpt-', providerId: 'openai' },
  { prefix: 'codex-', providerId: 'openai' },
  { prefix: 'o1', providerId: 'openai' },
  { prefix: 'o3', providerId: 'openai' },
  { prefix: 'o4-', providerId: 'openai' },
  { prefix: 'gemini-', providerId: 'gemini' },
  { prefix: 'gemma-', providerId: 'gemini' },
  { prefix: 'grok-', providerId: 'xai' },
  { prefix: 'devstral', providerId: 'mistral' },
  { prefix: 'codestral', providerId: 'mistral' },
  { prefix: 'mistral-', providerId: 'mistral' },
  { prefix: 'magistral', providerId: 'mistral' },
  { prefix: 'ministral', providerId: 'mistral' },
  { prefix: 'deepseek-', providerId: 'deepseek' },
  { prefix: 'qwen', providerId: 'qwen' },
  { prefix: 'glm-', providerId: 'zai' },
  { prefix: 'kimi-', providerId: 'moonshot' },
  { prefix: 'hermes-', providerId: 'nousresearch' },
];

/** The provider of a model id and the row of the tables that decided it. */
export interface ModelProvider {
  providerId: string;
  /** e.g. "listed under OpenAI in the model list", "gateway prefix openrouter/", "model name prefix claude-". */
  rule: string;
}

/**
 * The provider a model id names, or undefined when no table knows it. In order: an exact
 * entry of the catalog; a gateway prefix; the `vendor/model` form; Ollama's `name:tag` form;
 * the longest model-name prefix.
 */
export function providerOfModelId(modelId: string, catalog: readonly ProviderModels[] = MODEL_CATALOG): ModelProvider | undefined {
  const listed = catalog.find((p) => p.models.includes(modelId));
  if (listed) return { providerId: listed.providerId, rule: `listed under ${listed.provider} in the model list` };
  const id = modelId.toLowerCase();
  const gateway = GATEWAY_PREFIXES.find((g) => id.startsWith(g.prefix));
  if (gateway) return { providerId: gateway.providerId, rule: `gateway prefix ${gateway.prefix} (${gateway.name})` };
  if (/^[a-z0-9_.-]+\/[^/]+/.test(id))
    return { providerId: VENDOR_FORM_PROVIDER.providerId, rule: `a vendor/model id: ${VENDOR_FORM_PROVIDER.name}` };
  if (/^[a-z0-9_.-]+:[a-z0-9_.-]+$/.test(id)) return { providerId: 'ollama', rule: "Ollama's name:tag form" };
  let best: ModelNamePrefix | undefined;
  for (const row of MODEL_NAME_PREFIXES) if (id.startsWith(row.prefix) && (!best || row.prefix.length > best.prefix.length)) best = row;
  return best ? { providerId: best.providerId, rule: `model name prefix ${best.prefix}` } : undefined;
}
