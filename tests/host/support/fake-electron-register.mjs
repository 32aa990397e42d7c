import { register } from 'node:module';

register('./fake-electron-hooks.mjs', import.meta.url);
