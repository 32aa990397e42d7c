export type LintSeverity = 'error' | 'warning' | 'info';

export type LintCode =
  // Cline's validator: errors
  | 'MISSING_ID'
  | 'MISSING_DESCRIPTION'
  | 'MISSING_TEMPLATE'
  | 'MISSING_COMPONENT_ORDER'
  | 'INVALID_VERSION'
  | 'TEMPLATE_MISSING_AGENT_ROLE'
  | 'TEMPLATE_MISSING_SYSTEM_INFO'
  | 'DUPLICATE_COMPONENT'
  | 'DUPLICATE_TOOL'
  // Cline's validator: warnings
  | 'UNKNOWN_PLACEHOLDER'
  | 'COMPONENT_NOT_IN_TEMPLATE'
  | 'UNUSED_COMPONENT_OVERRIDE'
  | 'UNUSED_TOOL_OVERRIDE'
  // Cline's validator: strict mode
  | 'STRICT_MISSING_AGENT_ROLE'
  | 'STRICT_MISSING_RULES'
  | 'STRICT_MISSING_SYSTEM_INFO'
  | 'STRICT_AGENT_ROLE_NOT_FIRST'
  | 'STRICT_TOOL_USE_BEFORE_AGENT_ROLE'
  | 'STRICT_SHORT_DESCRIPTION'
  | 'STRICT_NO_LABELS'
  // Ours
  | 'LOAD_ERROR'
  | 'UNKNOWN_COMPONENT'
  | 'UNKNOWN_TOOL'
  | 'UNRESOLVED_IN_OUTPUT'
  | 'INHERITED_KEY'
  | 'COMPONENT_EMPTY_FOR_CONTEXT'
  | 'COMPONENT_FAILS_FOR_CONTEXT'
  | 'MATCHER_INVALID'
  | 'MATCHER_SHADOWED'
  | 'TEMPLATE_BLOCK'
  // Prompt caching and budgets
  | 'CACHE_VOLATILE_BEFORE_STABLE'
  | 'CACHE_PREFIX_SHORTENED'
  | 'BUDGET_EXCEEDED';

export interface LintFinding {
  code: LintCode;
  severity: LintSeverity;
  message: string;
  /** Workspace-relative file. */
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  variantId?: string | undefined;
  /** The context preset a build-based finding was seen under. */
  preset?: string | undefined;
}

/** 1-based line and column of an offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

export function formatFinding(f: LintFinding): string {
  const where = f.line !== undefined ? `${f.file}:${f.line}:${f.column ?? 1}` : f.file;
  return `${where}: ${f.severity} ${f.code}: ${f.message}${f.preset ? ` [preset ${f.preset}]` : ''}`;
}
