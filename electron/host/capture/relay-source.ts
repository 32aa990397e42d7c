/**
 * The program capture runs with `node -e` inside the agent's network namespace, whose loopback
 * is its own (down at first, and not the host's): it brings loopback up, listens on
 * 127.0.0.1:<port> and relays each connection to the stand-in's Unix socket (files cross
 * namespaces, TCP does not), then runs the agent with the inherited stdio and exits with its
 * code. Arguments: <port> <socket path> <ip binary> <agent> <agent args...>. Plain CommonJS,
 * Node built-ins only. Exit 97: loopback could not be brought up; 98: the port was taken;
 * 127: the agent could not be started.
 */
export const RELAY_SOURCE = `
const { spawn, spawnSync } = require('node:child_process');
const net = require('node:net');
const [port, socketPath, ipBin, bin, ...args] = process.argv.slice(1);
const up = spawnSync(ipBin, ['link', 'set', 'lo', 'up'], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 5000 });
if (up.status !== 0) {
  process.stderr.write('capture-relay: loopback did not come up: ' + String(up.stderr || up.error || '') + '\\n');
  process.exit(97);
}
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.pipe(upstream);
  upstream.pipe(client);
});
server.on('error', (error) => {
  process.stderr.write('capture-relay: ' + error.message + '\\n');
  process.exit(98);
});
server.listen(Number(port), '127.0.0.1', () => {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(bin, args, { stdio: 'inherit', env });
  child.on('error', (error) => {
    process.stderr.write('capture-relay: the agent did not start: ' + error.message + '\\n');
    process.exit(127);
  });
  child.on('exit', (code, signal) => process.exit(code === null ? 128 : code));
});
`;
