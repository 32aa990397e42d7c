/**
 * The smallest prompt prefix each provider caches, in tokens (as published by the providers
 * in 2025; check their pages for changes). A stable prefix shorter than a model's minimum is
 * never cached, however often the prompt is sent.
 */
export interface ProviderCacheRule {
  provider: 'Anthropic' | 'OpenAI' | 'Google';
  models: string;
  minTokens: number;
  /** explicit: cache breakpoints in the request; automatic / implicit: the provider caches by itself. */
  mode: 'explicit' | 'automatic' | 'implicit';
}

export const PROVIDER_CACHE_RULES: readonly ProviderCacheRule[] = [
  { provider: 'Anthropic', models: 'Claude Sonnet 4.x, Opus 4 / 4.1', minTokens: 1024, mode: 'explicit' },
  { provider: 'Anthropic', models: 'Claude Haiku 3 / 3.5', minTokens: 2048, mode: 'explicit' },
  { provider: 'Anthropic', models: 'Claude Opus 4.5+, Haiku 4.5', minTokens: 4096, mode: 'explicit' },
  { provider: 'OpenAI', models: 'GPT-4o and later, o-series', minTokens: 1024, mode: 'automatic' },
  { provider: 'Google', models: 'Gemini 2.5 Flash', minTokens: 1024, mode: 'implicit' },
  { provider: 'Google', models: 'Gemini 2.5 Pro, Gemini 3 Pro', minTokens: 4096, mode: 'implicit' },
];
