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
  },
  worker: { format: 'es' },
  plugins: [
    react(),
    preloadMonacoChunk(),
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
