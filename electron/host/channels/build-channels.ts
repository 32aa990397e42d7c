import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { parseContext, selectVariant } from '../../../shared/engine/index.js';
import { resolveVariantContext, runBuild, type ParsedContextSpec } from '../build-runner.js';
import type { HostContext } from '../host-context.js';
import { countTokens } from '../tokens.js';

type BuildChannel = 'preview:set' | 'preview:shown' | 'build:run' | 'select:explain' | 'tokens:count' | 'snapshot:pin' | 'snapshot:unpin';

/** Handlers of the builds group: the live preview, one-off builds, variant selection, token counts, pinned baselines. */
export function buildHandlers(host: HostContext): Pick<ChannelHandlers, BuildChannel> {
  return {
    'preview:set': ({ target, context, baseline }) =>
      host.preview.set(host.requireSession(), { target, context: context as ParsedContextSpec, baseline }),
    'preview:shown': async ({ window, shown }) => ({ rebuilt: await host.preview.setShown(window, shown) }),
    'build:run': ({ target, context }) =>
      runBuild(host.preview.inputs(host.requireSession(), 'edited'), target, context as ParsedContextSpec),
    'select:explain': ({ context, modelIds }) => {
      const snapshot = host.requireSession().snapshot();
      const resolved = resolveVariantContext(snapshot, context as ParsedContextSpec);
      if (!resolved.ok) throw new HostError('INVALID_REQUEST', resolved.error);
      const base = resolved.value;
      const provider = base.providerInfo ?? parseContext({ providerInfo: {} }).providerInfo!;
      const ids = modelIds ?? [provider.model.id];
      return ids.map((modelId) => {
        const ctx = { ...base, providerInfo: { ...provider, model: { ...provider.model, id: modelId } } };
        const selection = selectVariant(snapshot.variants, ctx, snapshot.config.fallback);
        return selection.ok
          ? { modelId, variantId: selection.variant.id, summary: selection.summary, steps: selection.steps }
          : { modelId, variantId: null, summary: selection.error, steps: selection.steps };
      });
    },
    'tokens:count': async ({ texts }) => {
      const out = [];
      for (const text of texts) out.push(await countTokens(text));
      return out;
    },
    'snapshot:pin': ({ name, text }) => host.preview.pin(name, text),
    'snapshot:unpin': ({ name }) => host.preview.unpin(name),
  };
}
