/**
 * The process-wide last resort of a host process (browser mode's server, Electron's main):
 * an exception thrown in a timer or an event handler, or a rejected promise nobody awaits,
 * would end the process and every open document's session with it. Instead it is logged,
 * the renderer is told (a `host:notice`), and the process keeps serving.
 */
export interface ContainsFailures {
  contain(where: string, error: unknown): void;
}

export function keepServingOnUncaught(host: ContainsFailures, target: NodeJS.EventEmitter = process): () => void {
  const onException = (error: unknown): void => host.contain('uncaught exception', error);
  const onRejection = (reason: unknown): void => host.contain('unhandled promise rejection', reason);
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
