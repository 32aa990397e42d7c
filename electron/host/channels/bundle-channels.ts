import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import type { ParsedContextSpec } from '../build-runner.js';
import { BundleService } from '../bundles/bundle-service.js';
import type { HostContext } from '../host-context.js';

type BundleChannel =
  | 'bundle:capabilities'
  | 'bundle:export'
  | 'bundle:download'
  | 'bundle:upload'
  | 'bundle:plan'
  | 'bundle:diff'
  | 'bundle:apply'
  | 'bundle:discard'
  | 'bundle:request';

/** Handlers of the bundles group: export, import (plan, diff, apply, discard), transfers, request bodies. */
export function bundleHandlers(host: HostContext): Pick<ChannelHandlers, BundleChannel> {
  const service = new BundleService(host);
  return {
    'bundle:capabilities': () => service.capabilities(),
    'bundle:export': (request) => service.export(request),
    'bundle:download': ({ transferId, offset }) => service.download(transferId, offset),
    'bundle:upload': (request) => service.upload(request),
    'bundle:plan': (request) => service.plan(request),
    'bundle:diff': ({ planId, path }) => service.diff(planId, path),
    'bundle:apply': ({ planId, choices }) => service.apply(planId, choices),
    'bundle:discard': ({ planId }) => service.discard(planId),
    'bundle:request': ({ api, target, context }) => service.requestBody(api, target, context as ParsedContextSpec),
  };
}
