import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import electron from 'vite-plugin-electron/simple';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The main process's build: main.js, and the eval's and the snapshot matrix's worker threads as
 * entries of their own (electron/host/run/eval-in-worker.ts starts dist-electron/eval-worker.js,
 * electron/host/matrix-in-workers.ts dist-electron/matrix-worker.js, next to the chunk that holds them). Its bundled CommonJS dependencies may name `__filename` (write-file-atomic
 * names its temporary files by it), which an ES module does not have: it is the chunk's file.
 * tests/run/eval-worker.test.ts builds the same and runs the worker from it.
 */
export function mainBuild(outDir: string, command: 'build' | 'serve' = 'build') {
  return {
    entry: {
      main: path.join(root, 'electron/main.ts'),
      'eval-worker': path.join(root, 'electron/host/run/eval-worker.ts'),
      'matrix-worker': path.join(root, 'electron/host/matrix-worker.ts'),
    },
    vite: {
      root,
      define: { __filename: 'import.meta.filename' },
      build: { outDir, emptyOutDir: false, sourcemap: command === 'serve' },
    },
  };
}

/**
 * One build for the desktop app: the renderer (React, from renderer/) into dist/, the
 * Electron main process into dist-electron/main.js (ESM, with the eval worker's entry beside it) and the preload into
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
        // React in a chunk of its own: the app's chunk then holds only the app, and a change to the
        // app leaves React's compiled code in the cache. Monaco stays in the chunks it is imported
        // from: it loads after the first texts are on screen (renderer/src/monaco/ready.ts).
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  worker: { format: 'es' },
  plugins: [
    react(),
    electron({
      main: mainBuild(path.join(root, 'dist-electron'), command),
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
