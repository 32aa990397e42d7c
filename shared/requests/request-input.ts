import type { SystemPromptContext } from '../domain/context.js';
import type { Variant } from '../domain/variant.js';
import type { VariantBuildResult } from '../engine/build/build-result.js';
import type { NativeToolDefinitions } from '../engine/tools/native-tools.js';
import type { StackBuildResult } from '../stack/build.js';
import type { ApiKind } from './api-kind.js';
import { cacheBreakpoint } from './cache-breakpoint.js';
import { requestModel, type RequestModel } from './request-model.js';

/**
 * What a request body is made of, whatever the API: the model, the system prompt exactly as
 * built, where its cache-stable prefix ends, the native tool definitions (when the context
 * enables native tool calls), the user message, and the sampling settings.
 */
export interface RequestInput {
  model: string;
  /** With an API given: which rule of requestModel chose `model`, and why. */
  modelChoice?: RequestModel | undefined;
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

function modelName(config: Record<string, unknown>): string | undefined {
  return typeof config.modelName === 'string' ? config.modelName : undefined;
}

/**
 * A variant's build under a context: limits from the variant's config; the model, given the
 * API the body is for, as requestModel chooses it (the context's model when it is one of that
 * API's, else the variant's modelName, else the API's default), without one the context's.
 */
export function requestInputFromVariant(
  result: VariantBuildResult,
  context: SystemPromptContext,
  variant?: Pick<Variant, 'config'>,
  api?: ApiKind,
): RequestInput {
  const config = variant?.config ?? {};
  const temperature = typeof config.temperature === 'number' && Number.isFinite(config.temperature) ? config.temperature : undefined;
  const info = context.providerInfo;
  const choice =
    api === undefined
      ? undefined
      : requestModel(api, {
          context: info?.model.id ? { modelId: info.model.id, providerId: info.providerId } : undefined,
          variantModelName: modelName(config),
        });
  return {
    model: choice?.model ?? (context.providerInfo?.model.id || MODEL_PLACEHOLDER),
    modelChoice: choice,
    system: result.text,
    stablePrefixEnd: cacheBreakpoint(result),
    tools: result.tools.native,
    user: [USER_MESSAGE_PLACEHOLDER],
    // The context's model info speaks for the context's model only.
    maxTokens:
      positiveInt(config.maxTokens) ??
      (choice === undefined || choice.rule === 'context' ? positiveInt(info?.model.info?.maxTokens) : undefined) ??
      DEFAULT_MAX_TOKENS,
    temperature,
  };
}

/**
 * A stack profile's build: its system text and its user message (reminders included); the
 * model, given the API, as requestModel chooses it (a stack has no variant modelName).
 */
export function requestInputFromStack(
  result: Pick<StackBuildResult, 'system' | 'messages' | 'modelId'> & { providerId?: string | undefined },
  api?: ApiKind,
): RequestInput {
  const user = result.messages.find((m) => m.role === 'user');
  const parts = user && user.role === 'user' ? user.content.map((p) => p.text) : [];
  const texts = parts.map((t, i) => (t === '' && i === 0 ? USER_MESSAGE_PLACEHOLDER : t)).filter((t) => t !== '');
  const choice =
    api === undefined
      ? undefined
      : requestModel(api, { context: result.modelId ? { modelId: result.modelId, providerId: result.providerId } : undefined });
  return {
    model: choice?.model ?? (result.modelId || MODEL_PLACEHOLDER),
    modelChoice: choice,
    system: result.system,
    stablePrefixEnd: cacheBreakpoint({ text: result.system }),
    tools: undefined,
    user: texts.length ? texts : [USER_MESSAGE_PLACEHOLDER],
    maxTokens: DEFAULT_MAX_TOKENS,
  };
}
