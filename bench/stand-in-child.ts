/**
 * The loopback stand-in in a process of its own (for bench:run, so its work does not count
 * against the host's event loop): prints its origin, stops on SIGTERM or when stdin closes.
 */
import { startStandIn } from '../electron/host/stand-in/stand-in-server.js';

const standIn = await startStandIn({ fallback: { text: 'Sure.\n<read_file>\n<path>src/main.ts</path>\n</read_file>' } });
process.stdout.write(`${standIn.origin}\n`);
const stop = (): void => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
