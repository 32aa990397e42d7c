/**
 * How much YAML one file may hold. Every YAML text the app reads (workspace files, profiles,
 * frontmatter, bundles, context files) is measured against these before the parser sees it,
 * so no file can exhaust the stack (deep nesting), the CPU (huge token counts, aliases) or
 * the memory (alias expansion) of the host. The built-in workspace's largest file holds
 * about 800 tokens and 190 values, nested 6 deep.
 */
export interface YamlLimits {
  /** Largest text, in UTF-8 bytes. */
  maxBytes: number;
  /** Deepest nesting of collections (block and flow together). */
  maxDepth: number;
  /** Most values: keys, items and scalars. */
  maxNodes: number;
  /** Most lexical tokens (values, indicators, spaces, comments, line breaks). */
  maxTokens: number;
  /** Most aliases (`*name`) in one file. */
  maxAliases: number;
  /** How far aliases may multiply the data (the parser's `maxAliasCount`). */
  maxAliasExpansion: number;
}

export const YAML_LIMITS: YamlLimits = {
  maxBytes: 512 * 1024,
  maxDepth: 64,
  maxNodes: 5_000,
  maxTokens: 30_000,
  maxAliases: 1_000,
  maxAliasExpansion: 100,
};
