import { providerOfModelId } from '../engine/routing/model-providers.js';
import { API_LABELS, type ApiKind } from './api-kind.js';

/**
 * The model an exported request body names. A body is sent to one API (the curl command in
 * the export's README goes to api.openai.com, api.anthropic.com or Google's endpoint), so
 * the model must be one that API serves:
 *
 * 1. `context`: the context's model, when it belongs to the API;
 * 2. `variant`: else the variant's `config.modelName`, when that belongs to the API;
 * 3. `api-default`: else the API's default model (API_DEFAULT_MODELS below).
 *
 * A model belongs to an API when its provider (read off the id by the provider tables of
 * shared/engine/routing/model-providers.ts; for the context's model, the context's providerId
 * when no table knows the id) is one the API serves (API_PROVIDERS). Every export path uses
 * this one function: `export --format request`, the app's export, its README's curl and
 * Gemini URL, "Copy as request" in the preview and in the compare view.
 */

/** The providers whose models each API serves (by providerInfo.providerId). */
export const API_PROVIDERS: Record<ApiKind, readonly string[]> = {
  'openai-chat': ['openai'],
  'openai-responses': ['openai'],
  anthropic: ['anthropic'],
  gemini: ['gemini'],
};

/**
 * The model a body of each API names when neither the context's model nor the variant's
 * modelName is one of that API's: a current general model of the provider (late 2025).
 * Documented in docs/bundles.md ("Which model a request names").
 */
export const API_DEFAULT_MODELS: Record<ApiKind, string> = {
  'openai-chat': 'gpt-5',
  'openai-responses': 'gpt-5',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-pro',
};

export type RequestModelRule = 'context' | 'variant' | 'api-default';

export interface RequestModel {
  model: string;
  rule: RequestModelRule;
  /** One sentence: which rule chose the model and why the earlier ones did not. */
  reason: string;
}

export interface RequestModelInput {
  /** The context's model id and provider (providerInfo), if it names one. */
  context?: { modelId: string; providerId?: string | undefined } | undefined;
  /** The variant's `config.modelName`, if any. */
  variantModelName?: string | undefined;
}

const PROVIDER_NAMES: Record<string, string> = {
  openai: 'an OpenAI model',
  anthropic: 'an Anthropic model',
  gemini: 'a Gemini model',
};

/** The provider an id belongs to: the tables', else the one the caller says it was sent to. */
function providerOf(modelId: string, fallback?: string): string | undefined {
  return providerOfModelId(modelId)?.providerId ?? fallback;
}

function what(providerId: string | undefined): string {
  if (providerId === undefined) return 'a model of no known provider';
  return PROVIDER_NAMES[providerId] ?? `a model of provider '${providerId}'`;
}

/** The model a body of `api` names, and the rule that chose it. */
export function requestModel(api: ApiKind, input: RequestModelInput): RequestModel {
  const serves = API_PROVIDERS[api];
  const label = API_LABELS[api];
  const notes: string[] = [];
  const contextId = input.context?.modelId.trim();
  if (contextId) {
    const provider = providerOf(contextId, input.context?.providerId);
    if (provider !== undefined && serves.includes(provider))
      return { model: contextId, rule: 'context', reason: `the context's model (${contextId}, ${what(provider)})` };
    notes.push(`the context's model ${contextId} is ${what(provider)}`);
  } else notes.push('the context names no model');
  const name = input.variantModelName?.trim();
  if (name) {
    const provider = providerOf(name);
    if (provider !== undefined && serves.includes(provider))
      return { model: name, rule: 'variant', reason: `the variant's modelName (${name}): ${notes.join('; ')}` };
    notes.push(`the variant's modelName ${name} is ${what(provider)}`);
  } else notes.push('the variant sets no modelName');
  const model = API_DEFAULT_MODELS[api];
  return { model, rule: 'api-default', reason: `the default model of ${label} (${model}): ${notes.join('; ')}` };
}
