/** Harness profiles: what coding agents load from a repository's instruction files, and where it goes. */
export * from './context.js';
export * from './result.js';
export * from './run.js';
export * from './profile/schema.js';
export * from './profile/load.js';
export * from './explain.js';
export * from './cline-context.js';
export * from './lint.js';
export * from './standard-globals.js';
export * from './context-use.js';
export * from './request-order.js';
export { DEFAULT_RUN_LIMITS } from './run/budget.js';
export { MAX_INSTRUCTION_FILE_BYTES } from './run/read.js';
