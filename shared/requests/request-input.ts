import type { SystemPromptContext } from '../domain/context.js';
import type { Variant } from '../domain/variant.js';
import type { VariantBuildResult } from '../engine/build/build-result.js';
import type { NativeToolDefinitions } from '../engine/tools/native-tools.js';
import type { StackBuildResult } from '../stack/build.js';
import { cacheBreakpoint } from './cache-breakpoint.js';

/**
 * What a request body is made of, whatever the API: the model, the system prompt exactly as
 * built, where its cache-stable prefix ends, the native tool definitions (when the context
 * enables native tool calls), the user message, and the sampling settings.
 */
export interface RequestInput {
  model: string;
  system: string;
  /** Offset in `system` where the stable prefix ends (Anthropic's cache breakpoint goes there). */
  stablePrefixEnd: number;
  tools?: NativeToolDefinitions | undefined;
  /** The user message, one text per part; never empty. */
  user: string[];
  maxTokens: number;
  temperature?: number | undefined;
}

/** Stands in for the user's message in an exported request. */
export const USER_MESSAGE_PLACEHOLDER = "Replace this with the user's message.";
/** When the context names no model. */
export const MODEL_PLACEHOLDER = 'your-model-id';
/** When neither the variant's config nor the model info sets a maximum. */
export const DEFAULT_MAX_TOKENS = 8192;

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A variant's build under a context: model from the context, limits from the variant's config. */
export function requestInputFromVariant(
  result: VariantBuildResult,
  context: SystemPromptContext,
  variant?: Pick<Variant, 'config'>,
): RequestInput {
  const config = variant?.config ?? {};
  const temperature = typeof config.temperature === 'number' && Number.isFinite(config.temperature) ? config.temperature : undefined;
  return {
    model: context.providerInfo?.model.id || MODEL_PLACEHOLDER,
    system: result.text,
    stablePrefixEnd: cacheBreakpoint(result),
    tools: result.tools.native,
    user: [USER_MESSAGE_PLACEHOLDER],
    maxTokens: positiveInt(config.maxTokens) ?? positiveInt(context.providerInfo?.model.info?.maxTokens) ?? DEFAULT_MAX_TOKENS,
    temperature,
  };
}

/** A stack profile's build: its system text and its user message (reminders included). */
export function requestInputFromStack(result: Pick<StackBuildResult, 'system' | 'messages' | 'modelId'>): RequestInput {
  const user = result.messages.find((m) => m.role === 'user');
  const parts = user && user.role === 'user' ? user.content.map((p) => p.text) : [];
  const texts = parts.map((t, i) => (t === '' && i === 0 ? USER_MESSAGE_PLACEHOLDER : t)).filter((t) => t !== '');
  return {
    model: result.modelId || MODEL_PLACEHOLDER,
    system: result.system,
    stablePrefixEnd: cacheBreakpoint({ text: result.system }),
    tools: undefined,
    user: texts.length ? texts : [USER_MESSAGE_PLACEHOLDER],
    maxTokens: DEFAULT_MAX_TOKENS,
  };
}
