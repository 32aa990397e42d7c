/** Harness profiles: what coding agents load from a repository's instruction files, and where it goes. */
export * from './context.js';
export * from './result.js';
export * from './run.js';
export * from './profile/schema.js';
export * from './profile/load.js';
export { CLINE_RULE_FIELDS, type ClineRuleField, type ClineRuleFields } from './loaders/cline-classic.js';
export type { CodexProfile } from './profile/codex.js';
export type { GeminiProfile } from './profile/gemini.js';
export type { ClaudeCodeProfile } from './profile/claude-code.js';
export type { ClineClassicProfile } from './profile/cline-classic.js';
export type { ClineSdkProfile } from './profile/cline-sdk.js';
export type { OpencodeProfile } from './profile/opencode.js';
export * from './explain.js';
export * from './cline-context.js';
export * from './lint.js';
export * from './standard-globals.js';
export { DEFAULT_RUN_LIMITS, type RunLimits } from './run/budget.js';
export { MAX_INSTRUCTION_FILE_BYTES } from './run/read.js';
