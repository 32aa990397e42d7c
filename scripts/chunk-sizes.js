// The renderer's script chunks after `vite build`, split into what the first screen loads (the
// entry and the chunks index.html preloads with it) and what loads later, on demand (Monaco
// once the first texts show, the views the first screen does not show when they open).
//
//   node scripts/chunk-sizes.js   (the step after vite build in npm run build)
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const html = fs.readFileSync(new URL('index.html', dist), 'utf8');
const first = new Set([...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\.\/([^"]+\.js)"/g)].map((m) => m[1]));
const assets = fs.readdirSync(new URL('assets/', dist)).filter((f) => f.endsWith('.js'));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const rows = assets.map((f) => {
  const body = fs.readFileSync(new URL(`assets/${f}`, dist));
  return { file: `assets/${f}`, size: body.length, gzip: gzipSync(body).length };
});
rows.sort((a, b) => b.size - a.size);
console.log('renderer script chunks (dist/):');
for (const [label, part] of [
  ['first screen', rows.filter((r) => first.has(r.file))],
  ['later, on demand', rows.filter((r) => !first.has(r.file))],
]) {
  const sum = (k) => part.reduce((s, r) => s + r[k], 0);
  console.log(`  ${label}: ${kb(sum('size')).trim()} (gzip ${kb(sum('gzip')).trim()}) in ${part.length} chunks`);
  for (const r of part) console.log(`    ${kb(r.size)} ${kb(r.gzip)} gzip  ${path.basename(r.file)}`);
}
