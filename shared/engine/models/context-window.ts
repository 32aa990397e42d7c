import type { SystemPromptContext } from '../../domain/context.js';
import type { Variant } from '../../domain/variant.js';
import { selectVariant } from '../selection/select-variant.js';
import { promptSizes } from '../build/prompt-sizes.js';
import { providerOfModelId } from '../routing/model-providers.js';
import type { NativeToolDefinitions } from '../tools/native-tools.js';
import { modelLimits, type ModelFamilyLimits, type ModelLimits } from './model-limits.js';

/**
 * Whether a build fits its model's context window: the prompt, the native tool definitions
 * sent beside it (with native tool calls; otherwise the tools are in the prompt already) and
 * the output budget the request asks for, against the window of the model's family
 * (models.yaml, else the built-in table, else the context's model info). Says by how much it
 * is over, and whether the output budget is over the family's maximum output.
 */
export interface ContextWindowCheck {
  limits: ModelLimits;
  /** Whose model: the context's, or the variant's modelName (modelForVariantBuild). */
  modelFrom: 'context' | 'variant';
  promptTokens: number;
  /** Tokens of the native tool definitions in the model's provider's shape (0: tools are in the prompt text). */
  toolTokens: number;
  /** The output budget the request asks for (null: none is set). */
  outputTokens: number | null;
  /** Where the output budget came from. */
  outputFrom: 'the variant config maxTokens' | "the context's model info maxTokens" | null;
  /** prompt + tools + output. */
  totalTokens: number;
  /** Tokens over the window (0: it fits). */
  over: number;
  /** Output tokens asked beyond the family's maximum output (0: within it, or no maximum known). */
  outputOver: number;
  /** The warning to show, when `over` or `outputOver` is above 0. */
  warning?: string | undefined;
}

/** The model a build is for: the context's providerInfo (or a stack context's model). */
export interface ModelOfBuild {
  id: string;
  providerId?: string | undefined;
  /** The context's model info (contextWindow, maxTokens), used when no table knows the model. */
  info?: { contextWindow?: unknown; maxTokens?: unknown } | undefined;
}

/** The model of a Cline-style context. */
export function modelOfContext(context: SystemPromptContext): ModelOfBuild | undefined {
  const info = context.providerInfo;
  return info?.model.id ? { id: info.model.id, providerId: info.providerId, info: info.model.info } : undefined;
}

export interface ContextWindowInput {
  model: ModelOfBuild | undefined;
  /** Whose model it is (default: the context's). */
  modelFrom?: 'context' | 'variant' | undefined;
  /** The prompt as built. */
  text: string;
  /** Native tool definitions sent beside the prompt, if any. */
  tools?: NativeToolDefinitions | undefined;
  /** The variant's config (maxTokens). */
  config?: Record<string, unknown> | undefined;
  /** The workspace's rows of models.yaml. */
  table?: readonly ModelFamilyLimits[] | undefined;
  countTokens: (text: string) => number;
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/** The limits of a build's model: the tables, else the context's model info; undefined when neither knows it. */
export function buildModelLimits(model: ModelOfBuild | undefined, table?: readonly ModelFamilyLimits[]): ModelLimits | undefined {
  if (!model?.id) return undefined;
  const known = modelLimits(model.id, table);
  if (known) return known;
  const window = positiveInt(model.info?.contextWindow);
  if (window === undefined) return undefined;
  return { modelId: model.id, family: model.id, contextWindow: window, maxOutput: positiveInt(model.info?.maxTokens), source: 'context' };
}

/** The tool definitions the model's provider gets. */
function toolJson(tools: NativeToolDefinitions, modelId: string, providerId: string | undefined): string {
  const provider = providerOfModelId(modelId)?.providerId ?? providerId;
  const shape = provider === 'anthropic' ? tools.anthropic : provider === 'gemini' ? tools.gemini : tools.openai;
  return shape.length ? JSON.stringify(shape) : '';
}

/** The check of one build; undefined when the model's limits are not known. */
export function checkContextWindow(input: ContextWindowInput): ContextWindowCheck | undefined {
  const limits = buildModelLimits(input.model, input.table);
  if (!limits) return undefined;
  const promptTokens = input.countTokens(input.text);
  const json = input.tools ? toolJson(input.tools, limits.modelId, input.model?.providerId) : '';
  const toolTokens = json ? input.countTokens(json) : 0;
  const fromConfig = positiveInt(input.config?.maxTokens);
  const fromInfo = positiveInt(input.model?.info?.maxTokens);
  const outputTokens = fromConfig ?? fromInfo ?? null;
  const outputFrom =
    fromConfig !== undefined ? 'the variant config maxTokens' : fromInfo !== undefined ? "the context's model info maxTokens" : null;
  const totalTokens = promptTokens + toolTokens + (outputTokens ?? 0);
  const over = Math.max(0, totalTokens - limits.contextWindow);
  const outputOver = outputTokens !== null && limits.maxOutput !== undefined ? Math.max(0, outputTokens - limits.maxOutput) : 0;
  const modelFrom = input.modelFrom ?? 'context';
  const check: ContextWindowCheck = {
    limits,
    modelFrom,
    promptTokens,
    toolTokens,
    outputTokens,
    outputFrom,
    totalTokens,
    over,
    outputOver,
  };
  const problems: string[] = [];
  if (over > 0) {
    const parts = [`the prompt ${fmt(promptTokens)}`];
    if (toolTokens) parts.push(`tool definitions ${fmt(toolTokens)}`);
    if (outputTokens !== null) parts.push(`the output budget ${fmt(outputTokens)} (${outputFrom})`);
    const sum = parts.length > 1 ? `${parts.join(' + ')} = ${fmt(totalTokens)} tokens` : `the prompt has ${fmt(promptTokens)} tokens`;
    problems.push(`${sum}, over the ${fmt(limits.contextWindow)}-token context window of ${limits.modelId} by ${fmt(over)}`);
  }
  if (outputOver > 0)
    problems.push(
      `the output budget ${fmt(outputTokens!)} (${outputFrom}) is over the ${fmt(limits.maxOutput!)}-token maximum output of ${limits.modelId} by ${fmt(outputOver)}`,
    );
  const whose = modelFrom === 'variant' ? "; the variant's modelName, as the context's model is another variant's" : '';
  if (problems.length) check.warning = `${problems.join('; ')} (limits of ${describeSource(limits)}${whose})`;
  return check;
}

/** Where the limits came from, for messages. */
export function describeSource(limits: ModelLimits): string {
  switch (limits.source) {
    case 'workspace':
      return `family ${limits.family} in models.yaml`;
    case 'built-in':
      return `family ${limits.family}, built-in table`;
    case 'context':
      return "the context's model info";
  }
}

/**
 * Whether a build can be over its window or output limit at all, without counting tokens: a
 * token is at least one UTF-8 byte, so a prompt whose bytes (with the tool JSON and the
 * output budget) fit the window fits it. Lint counts only the builds this says may not fit.
 */
export function mayExceedContextWindow(input: Omit<ContextWindowInput, 'countTokens'>): boolean {
  const limits = buildModelLimits(input.model, input.table);
  if (!limits) return false;
  const output = positiveInt(input.config?.maxTokens) ?? positiveInt(input.model?.info?.maxTokens) ?? 0;
  if (limits.maxOutput !== undefined && output > limits.maxOutput) return true;
  const json = input.tools ? toolJson(input.tools, limits.modelId, input.model?.providerId) : '';
  return promptSizes(input.text).bytes + promptSizes(json).bytes + output > limits.contextWindow;
}

/**
 * The model a variant's build is checked against. A variant built by id under a context whose
 * model the selection gives to another variant (every variant under every preset, in lint and
 * the snapshot matrix) is not what that model gets: then the variant's own `config.modelName`
 * is the model, when the tables know it. Otherwise, the context's model.
 */
export function modelForVariantBuild(
  variants: readonly Variant[],
  fallback: string,
  variant: Pick<Variant, 'id' | 'config'>,
  context: SystemPromptContext,
  table?: readonly ModelFamilyLimits[],
): { model: ModelOfBuild | undefined; from: 'context' | 'variant' } {
  const contextModel = modelOfContext(context);
  const name = typeof variant.config.modelName === 'string' ? variant.config.modelName : undefined;
  if (!contextModel || !name || !modelLimits(name, table)) return { model: contextModel, from: 'context' };
  const selection = selectVariant(variants, context, fallback);
  if (selection.ok && selection.variant.id === variant.id) return { model: contextModel, from: 'context' };
  return { model: { id: name, providerId: providerOfModelId(name)?.providerId }, from: 'variant' };
}
