import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import electron from 'vite-plugin-electron/simple';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Monaco loads after the app's first paint (renderer/src/monaco/ready.ts), in its own chunk;
 * this hint has the browser fetch and compile that chunk alongside the first one, so the
 * editor is there sooner without holding the first paint back.
 */
function preloadMonacoChunk(): Plugin {
  return {
    name: 'preload-monaco-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && Object.keys(c.modules).some((id) => id.endsWith('/renderer/src/monaco/setup.ts')),
        );
        return chunk ? [{ tag: 'link', attrs: { rel: 'modulepreload', href: `./${chunk.fileName}` }, injectTo: 'head' }] : [];
      },
    },
  };
}

/**
 * After the build: the script the first screen needs (the entry chunk and what it imports
 * statically) and the rest (loaded when a view opens), in KB, so a change that adds to the
 * first screen shows in every build's output.
 */
function printFirstScreenScript(): Plugin {
  return {
    name: 'print-first-screen-script',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return;
      const first = new Set<string>();
      const visit = (name: string): void => {
        if (first.has(name)) return;
        first.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      visit(entry.fileName);
      const kb = (names: Iterable<string>): string =>
        ([...names].reduce((n, name) => n + (chunks.get(name)?.code.length ?? 0), 0) / 1024).toFixed(0);
      const rest = [...chunks.keys()].filter((name) => !first.has(name));
      const list = [...first].map((name) => `${name} ${kb([name])} KB`).join(', ');
      this.info(`first screen: ${kb(first)} KB of script (${list}); loaded later: ${kb(rest)} KB in ${rest.length} chunks`);
    },
  };
}

/**
 * One build for the desktop app: the renderer (React, from renderer/) into dist/, the
 * Electron main process into dist-electron/main.js (ESM) and the preload into
 * dist-electron/preload.cjs (a sandboxed preload must be CommonJS).
 * Browser mode (`npm run start:web`) serves the same dist/ through the host server.
 */
export default defineConfig(({ command }) => ({
  root: path.join(root, 'renderer'),
  base: './',
  publicDir: false,
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    rolldownOptions: {
      output: {
        // The libraries of the first chunk in chunks of their own (cached apart from the app's code).
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|zustand)[\\/]/ },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'vendor-yaml', test: /node_modules[\\/]yaml[\\/]/ },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  plugins: [
    react(),
    preloadMonacoChunk(),
    printFirstScreenScript(),
    electron({
      main: {
        entry: path.join(root, 'electron/main.ts'),
        vite: {
          root,
          build: { outDir: path.join(root, 'dist-electron'), emptyOutDir: false, sourcemap: command === 'serve' },
        },
      },
      preload: {
        input: path.join(root, 'electron/preload.ts'),
        vite: {
          root,
          build: {
            outDir: path.join(root, 'dist-electron'),
            emptyOutDir: false,
            rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true } },
          },
        },
      },
    }),
  ],
}));
