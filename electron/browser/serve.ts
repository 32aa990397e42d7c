#!/usr/bin/env node
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../host/builtin-workspace.js';
import { createStudioHost } from '../host/studio-host.js';
import { startBrowserServer, type DevMiddleware } from './server.js';
import { defaultUserDataDir } from '../host/user-data-dir.js';

/**
 * `npm run start:web`: the app in a browser. Serves the built renderer (dist/) and the host
 * services on 127.0.0.1 and prints the address with its token.
 *
 *   --port <n>          fixed port (default: a free one)
 *   --workspace <dir>   open this folder instead of the last (or built-in) workspace
 *   --user-data <dir>   settings and drafts folder (default: the desktop app's)
 *   --allow-host <h:p>  also accept this Host header (the local end of an SSH tunnel)
 *   --no-open           do not open a browser
 *   --dev               serve the renderer through Vite (hot reload) instead of dist/
 */

const USAGE = 'usage: serve [--port N] [--workspace DIR] [--user-data DIR] [--allow-host HOST:PORT] [--no-open] [--dev]';

function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command as string, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no browser to open: the printed address is enough
  }
}

/** What to say when the server cannot listen: the port, and what to do about it. */
function listenFailure(error: unknown, port: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `port ${port} on 127.0.0.1 is in use: stop what listens there, choose another with --port, or leave --port out for a free one`;
  if (code === 'EACCES') return `port ${port} on 127.0.0.1 needs more rights than this user has: choose one above 1023 with --port`;
  return `cannot serve on 127.0.0.1${port ? ` port ${port}` : ''}: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        workspace: { type: 'string' },
        'user-data': { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        'no-open': { type: 'boolean' },
        dev: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port: not a port number: ${values.port}\n${USAGE}`);
    process.exit(2);
  }
  const root = packageRoot();
  const host = createStudioHost({
    userDataDir: path.resolve(values['user-data'] ?? defaultUserDataDir()),
    initialWorkspace: values.workspace ? path.resolve(values.workspace) : undefined,
    onError: (where, error) => console.error(`[host] ${where}:`, error),
  });
  try {
    await host.start();
  } catch (error) {
    console.error(`cannot open the workspace: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  let closeDev: (() => Promise<void>) | undefined;
  let server: Awaited<ReturnType<typeof startBrowserServer>>;
  try {
    server = await startBrowserServer({
      host,
      distDir: path.join(root, 'dist'),
      port,
      extraHosts: values['allow-host'],
      onRefused: (reason, req) =>
        console.error(`[serve] refused ${req.method ?? ''} ${(req.url ?? '').replace(/token=[^&]*/, 'token=…')}: ${reason}`),
      createDevMiddleware: values.dev
        ? async (httpServer) => {
            // Vite and the React plugin are development dependencies: loaded only here.
            const { createServer } = await import('vite');
            const { default: react } = await import('@vitejs/plugin-react');
            const vite = await createServer({
              configFile: false,
              root: path.join(root, 'renderer'),
              base: '/',
              appType: 'spa',
              plugins: [react()],
              worker: { format: 'es' },
              server: { middlewareMode: true, hmr: { server: httpServer } },
            });
            closeDev = () => vite.close();
            return vite.middlewares as unknown as DevMiddleware;
          }
        : undefined,
    });
  } catch (error) {
    // One line naming the problem (a busy port, most often), not a stack trace.
    console.error(listenFailure(error, port));
    await Promise.allSettled([closeDev?.(), host.close()]);
    process.exit(1);
  }

  console.log(
    `Variant Studio (browser mode${values.dev ? ', development' : ''}) is at\n\n  ${server.url}\n\nKeep the address private: the token in it is the only key. Ctrl+C stops.`,
  );
  if (!values['no-open']) openBrowser(server.url);
  setTimeout(() => host.warmUp(), 100);

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    host.flushDraftsSync();
    await Promise.allSettled([server.close(), closeDev?.(), host.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

await main();
