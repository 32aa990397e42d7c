// A tiny Node module hook that runs the repository's TypeScript sources directly (for child
// processes started by the tests: Node 20 cannot strip types itself). Each .ts file is
// transpiled on its own with Vite's Oxc transform (no type check; several times faster to load
// and run than TypeScript's transpileModule, which made a child take over 10 s to start on a
// busy machine), and `./x.js` imports from a .ts file resolve to `./x.ts` when that exists,
// as NodeNext source code writes them.
// Use: node --import ./tests/host/support/ts-register.mjs some-file.ts
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';

export async function resolve(specifier, context, nextResolve) {
  if (
    context.parentURL?.startsWith('file:') &&
    context.parentURL.endsWith('.ts') &&
    (specifier.startsWith('.') || specifier.startsWith('/')) &&
    specifier.endsWith('.js')
  ) {
    const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts')) {
    const source = await readFile(fileURLToPath(url), 'utf8');
    const file = fileURLToPath(url);
    const out = await transformWithOxc(source, file, {
      lang: 'ts',
      target: 'es2022',
      sourcemap: true,
      typescript: { onlyRemoveTypeImports: true },
    });
    const map = out.map
      ? `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(out.map)).toString('base64')}`
      : '';
    return { format: 'module', source: out.code + map, shortCircuit: true };
  }
  return nextLoad(url, context);
}
