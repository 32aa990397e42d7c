/** OpenCode's instruction discovery lives with the harness engine (it is the `opencode` loader's); re-exported for the stack. */
export * from '../harness/loaders/opencode-discovery.js';
