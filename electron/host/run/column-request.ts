import type { CompareColumnSpec } from '../../../shared/ipc/contract.js';
import { buildCompareColumns } from '../../../shared/engine/compare/compare-builds.js';
import { contextForModel } from '../../../shared/engine/routing/routing-table.js';
import { nativeToolDefinitions } from '../../../shared/engine/tools/native-tools.js';
import { selectTools } from '../../../shared/engine/tools/tool-catalog.js';
import type { ApiKind } from '../../../shared/requests/api-kind.js';
import { requestInputFromStack, requestInputFromVariant, type RequestInput } from '../../../shared/requests/request-input.js';
import type { StackBuildResult } from '../../../shared/stack/build.js';
import { toolVocabulary, type ToolVocabulary } from '../../../shared/wire/tool-calls.js';
import { resolveVariantContext, runBuild, type BuildInputs, type ParsedContextSpec } from '../build-runner.js';

/**
 * What a column sends: the request input its "Copy as request" body is made of (the same
 * shared/requests entry points as the export and the compare view's copy), and the tools the
 * agent would read calls of. A variant column is built under its preset; a model column runs
 * the variant selection picks for the model, with that model in the request; a profile column
 * builds the stack profile (a stack preset of that name, else the variant preset converted).
 * The body names a model of `api`, the API it is sent to (requestModel), as the export's does.
 */

export interface ColumnRequest {
  label: string;
  input: RequestInput;
  vocabulary: ToolVocabulary;
}

export type ColumnRequestOutcome = { ok: true; value: ColumnRequest } | { ok: false; label: string; error: string };

export function columnLabel(spec: CompareColumnSpec): string {
  const at = spec.preset ? ` @ ${spec.preset}` : '';
  if (spec.kind === 'variant') return `${spec.variantId}${at}`;
  if (spec.kind === 'model') return `${spec.modelId}${spec.providerId ? ` (${spec.providerId})` : ''}${at}`;
  return `${spec.profileId}${spec.agent ? ` (${spec.agent})` : ''}${at}`;
}

export async function columnRequest(
  inputs: BuildInputs,
  spec: CompareColumnSpec,
  api: ApiKind,
  context?: ParsedContextSpec,
): Promise<ColumnRequestOutcome> {
  const label = columnLabel(spec);
  let columnContext: ParsedContextSpec | undefined = spec.preset !== undefined ? { kind: 'preset', name: spec.preset } : context;
  if (!columnContext) return { ok: false, label, error: 'the column names no preset' };
  if (spec.kind === 'profile') {
    const stackPreset = spec.preset !== undefined ? inputs.snapshot.stackPresets.find((p) => p.name === spec.preset) : undefined;
    if (stackPreset) columnContext = { kind: 'stack', context: stackPreset.context as unknown as Record<string, unknown> };
    const outcome = await runBuild(inputs, { kind: 'profile', profileId: spec.profileId, agent: spec.agent }, columnContext);
    if (!outcome.ok) return { ok: false, label, error: outcome.error };
    const stack = outcome.result as unknown as StackBuildResult;
    return { ok: true, value: { label, input: requestInputFromStack(stack, api), vocabulary: { format: 'xml', tools: [] } } };
  }
  const resolved = resolveVariantContext(inputs.snapshot, columnContext);
  if (!resolved.ok) return { ok: false, label, error: resolved.error };
  const presetName = spec.preset ?? (columnContext.kind === 'preset' ? columnContext.name : 'context');
  const [column] = buildCompareColumns(
    inputs.snapshot,
    [
      spec.kind === 'variant'
        ? { kind: 'variant', variantId: spec.variantId }
        : { kind: 'model', modelId: spec.modelId, providerId: spec.providerId },
    ],
    { name: presetName, context: resolved.value, preset: () => undefined },
    inputs.options,
  );
  if (!column?.result || !column.variant) return { ok: false, label, error: column?.error ?? 'not built' };
  const built = spec.kind === 'model' ? contextForModel(resolved.value, spec.modelId, spec.providerId) : resolved.value;
  const native = column.result.tools.native;
  const definitions = native ?? nativeToolDefinitions(selectTools(column.variant, built, inputs.snapshot.tools).enabled, built);
  return {
    ok: true,
    value: {
      label: spec.kind === 'model' ? `${column.label}${spec.preset ? ` @ ${spec.preset}` : ''}` : label,
      input: requestInputFromVariant(column.result, built, column.variant, api),
      vocabulary: toolVocabulary(definitions, native !== undefined),
    },
  };
}
