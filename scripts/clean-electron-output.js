// vite-plugin-electron writes main and preload into dist-electron/ without emptying it
// (they share the folder), so old chunks would pile up and be packaged: start clean.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist-electron', import.meta.url), { recursive: true, force: true });
