import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import type { HostContext } from '../host-context.js';
import type { RunService, RunServiceOptions } from '../run/run-service.js';

type RunChannel =
  | 'run:send'
  | 'run:cancel'
  | 'run:history'
  | 'run:open'
  | 'run:countTokens'
  | 'run:cacheCheck'
  | 'eval:tests'
  | 'eval:start'
  | 'eval:request'
  | 'connections:get'
  | 'connections:set'
  | 'connections:remove'
  | 'connections:options'
  | 'connections:test';

/**
 * Handlers of the run group: runs, evals, the run history and the connections (keys go in
 * only). The wire layer loads on the first call of the group, not at the host's start.
 */
export function runHandlers(host: HostContext, options: RunServiceOptions): { handlers: Pick<ChannelHandlers, RunChannel>; close(): void } {
  let loading: Promise<RunService> | undefined;
  let loaded: RunService | undefined;
  const service = (): Promise<RunService> =>
    (loading ??= import('../run/run-service.js').then(({ RunService }) => (loaded = new RunService(host, options))));
  const handlers: Pick<ChannelHandlers, RunChannel> = {
    'run:send': async (request) => (await service()).send(request),
    'run:cancel': async ({ runId }) => (loaded ? loaded.cancel(runId) : false),
    'run:history': async () => (await service()).history.list(),
    'run:open': async ({ id }) => {
      const record = (await service()).history.open(id);
      if (!record) throw new HostError('NOT_FOUND', `no earlier run '${id}'`);
      return record;
    },
    'run:countTokens': async (request) => (await service()).countTokens(request),
    'run:cacheCheck': async (request) => (await service()).cacheCheck(request),
    'eval:tests': async () => (await service()).tests(),
    'eval:start': async (request) => (await service()).evaluate(request),
    'eval:request': async (request) => (await service()).evalRequest(request),
    'connections:get': async () => (await service()).view(),
    'connections:set': async ({ connection, key }) => {
      const s = await service();
      s.connections.set(connection, key);
      return s.view();
    },
    'connections:remove': async ({ id }) => {
      const s = await service();
      s.connections.remove(id);
      return s.view();
    },
    'connections:options': async (request) => (await service()).setOptions(request),
    'connections:test': async ({ id }) => (await service()).test(id),
  };
  return { handlers, close: () => loaded?.close() };
}
