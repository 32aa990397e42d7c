/**
 * Current model ids per provider (late 2025), with the provider id an agent reports for
 * them: a starting list for the routing table, which the user can edit. Ids are what the
 * providers' APIs take; local names follow Ollama's `name:tag` form.
 */
export interface ProviderModels {
  provider: string;
  /** providerInfo.providerId for these models. */
  providerId: string;
  models: string[];
}

export const MODEL_CATALOG: readonly ProviderModels[] = [
  {
    provider: 'Anthropic',
    providerId: 'anthropic',
    models: ['claude-opus-4-5', 'claude-opus-4-1', 'claude-sonnet-4-5', 'claude-sonnet-4', 'claude-haiku-4-5', 'claude-3-5-haiku-latest'],
  },
  {
    provider: 'OpenAI',
    providerId: 'openai',
    models: ['gpt-5.1', 'gpt-5', 'gpt-5-mini', 'gpt-5-codex', 'gpt-4.1', 'gpt-4o', 'o3', 'o4-mini', 'gpt-oss-120b'],
  },
  {
    provider: 'Google',
    providerId: 'gemini',
    models: ['gemini-3-pro-preview', 'gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite'],
  },
  { provider: 'xAI', providerId: 'xai', models: ['grok-4', 'grok-4-fast', 'grok-code-fast-1', 'grok-3-mini'] },
  {
    provider: 'Mistral',
    providerId: 'mistral',
    models: ['devstral-medium-latest', 'devstral-small-latest', 'codestral-latest', 'mistral-large-latest', 'magistral-medium-latest'],
  },
  { provider: 'DeepSeek', providerId: 'deepseek', models: ['deepseek-chat', 'deepseek-reasoner', 'deepseek-v3.2-exp'] },
  {
    provider: 'Qwen',
    providerId: 'qwen',
    models: ['qwen3-coder-plus', 'qwen3-coder-480b-a35b-instruct', 'qwen3-max', 'qwen2.5-coder-32b-instruct'],
  },
  { provider: 'GLM (Zhipu)', providerId: 'zai', models: ['glm-4.6', 'glm-4.5', 'glm-4.5-air'] },
  { provider: 'Nous Research', providerId: 'nousresearch', models: ['hermes-4-405b', 'hermes-4-70b'] },
  {
    provider: 'Local (Ollama)',
    providerId: 'ollama',
    models: ['qwen2.5-coder:7b', 'qwen3-coder:30b', 'llama3.1:8b', 'deepseek-r1:8b', 'gpt-oss:20b', 'devstral:24b', 'hermes3:8b'],
  },
];
