// A tiny Node module hook that runs the repository's TypeScript sources directly (for child
// processes started by the tests: Node 20 cannot strip types itself). Each .ts file is
// transpiled on its own with the project's TypeScript (no type check), and `./x.js` imports
// from a .ts file resolve to `./x.ts` when that exists, as NodeNext source code writes them.
// Use: node --import ./tests/host/support/ts-register.mjs some-file.ts
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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
    const out = ts.transpileModule(source, {
      fileName: fileURLToPath(url),
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
        sourceMap: false,
        inlineSourceMap: true,
      },
    });
    return { format: 'module', source: out.outputText, shortCircuit: true };
  }
  return nextLoad(url, context);
}
