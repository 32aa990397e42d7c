import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { takeHostMarks } from '../host-trace.js';

/** Handlers of the debug group: the host's timing marks for bench:ui (empty unless tracing). */
export function debugHandlers(): Pick<ChannelHandlers, 'debug:marks'> {
  return { 'debug:marks': () => takeHostMarks() };
}
