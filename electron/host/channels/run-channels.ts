import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import type { RunService } from '../run/run-service.js';

type RunChannel =
  | 'run:send'
  | 'run:cancel'
  | 'run:history'
  | 'run:open'
  | 'run:countTokens'
  | 'run:cacheCheck'
  | 'eval:tests'
  | 'eval:start'
  | 'connections:get'
  | 'connections:set'
  | 'connections:remove'
  | 'connections:options'
  | 'connections:test';

/** Handlers of the run group: runs, evals, the run history and the connections (keys go in only). */
export function runHandlers(service: RunService): Pick<ChannelHandlers, RunChannel> {
  return {
    'run:send': (request) => service.send(request),
    'run:cancel': ({ runId }) => service.cancel(runId),
    'run:history': () => service.history.list(),
    'run:open': ({ id }) => {
      const record = service.history.open(id);
      if (!record) throw new HostError('NOT_FOUND', `no earlier run '${id}'`);
      return record;
    },
    'run:countTokens': (request) => service.countTokens(request),
    'run:cacheCheck': (request) => service.cacheCheck(request),
    'eval:tests': () => service.tests(),
    'eval:start': (request) => service.evaluate(request),
    'connections:get': () => service.view(),
    'connections:set': ({ connection, key }) => {
      service.connections.set(connection, key);
      return service.view();
    },
    'connections:remove': ({ id }) => {
      service.connections.remove(id);
      return service.view();
    },
    'connections:options': (request) => service.setOptions(request),
    'connections:test': ({ id }) => service.test(id),
  };
}
