// Child process for the atomic-save test: saves ever new generations of a large file with
// the host's saver, reporting each finished save on stdout, until it is killed.
import { saveTextAtomic } from '../../../electron/host/atomic-save.js';

const target = process.argv[2];
const size = Number(process.argv[3] ?? 4_000_000);
if (!target) throw new Error('usage: save-loop <file> [size]');

export function generation(n: number, length: number): string {
  const header = `gen ${n}\n`;
  return header + String.fromCharCode(65 + (n % 26)).repeat(length - header.length);
}

for (let n = 1; ; n++) {
  await saveTextAtomic(target, generation(n, size), undefined);
  process.stdout.write(`saved ${n}\n`);
}
