/** Host side of the OpenCode-style stack: the real disk, URL fetching, this machine's context. */
export { createNodeInstructionFs } from './node-fs.js';
export { grantedInstructionFs, machineGlobals, type RealReadGrants } from './granted-fs.js';
export { createNodeUrlFetcher, nodeSleep } from './url-fetcher.js';
export { createRealStackContext, localIsoDate, realStackBuildOptions, type RealStackContextOptions } from './real-context.js';
export { writeStackProfileJsonSchema } from './json-schema.js';
