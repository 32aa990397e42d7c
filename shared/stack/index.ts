/** OpenCode-style stacked system prompts: profiles, instruction discovery, assembly. */
export * from './build.js';
export * from './bytes.js';
export * from './confined-fs.js';
export * from './context.js';
export * from './discovery.js';
export * from './environment.js';
export * from './explain.js';
export * from './instruction-fs.js';
export * from './load-profile.js';
export * from './path.js';
export * from './profile.js';
export * from './provider.js';
export * from './standard-globals.js';
export * from './virtual-fs.js';
export * from './warnings.js';
