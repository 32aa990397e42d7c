/** The typed contract between the renderer and the host, and the generic code on both sides of it. */
export * from './contract.js';
export * from './doc-ref.js';
export * from './ipc-result.js';
export * from './host-error.js';
export * from './dispatch.js';
export * from './client.js';
export * from './wire.js';
export * from './csp.js';
