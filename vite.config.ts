import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import electron from 'vite-plugin-electron/simple';

const root = path.dirname(fileURLToPath(import.meta.url));

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
