import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import type { HostContext } from '../host-context.js';

type HarnessChannel = 'harness:run' | 'harness:capture' | 'harness:saveCaptureCase';

/** Handlers of the harnesses group: every harness profile of the workspace on one tree. */
export function harnessHandlers(host: HostContext): Pick<ChannelHandlers, HarnessChannel> {
  return {
    'harness:run': async (request) => {
      const { runHarnesses } = await import('../harness/run-harnesses.js');
      return runHarnesses(host, request);
    },
    'harness:capture': async (request) => {
      const { captureInView } = await import('../capture/capture-in-view.js');
      return captureInView(host, request);
    },
    'harness:saveCaptureCase': async (request) => {
      const { saveCaptureCase } = await import('../capture/capture-in-view.js');
      return saveCaptureCase(host, request);
    },
  };
}
