/** Host side of the OpenCode-style stack: the real disk, URL fetching, this machine's context. */
export { grantedInstructionFs } from './granted-fs.js';
export { createNodeUrlFetcher } from './url-fetcher.js';
export { createRealStackContext, localIsoDate, realStackBuildOptions } from './real-context.js';
export { writeStackProfileJsonSchema } from './json-schema.js';
