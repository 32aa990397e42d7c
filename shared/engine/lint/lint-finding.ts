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
  | 'UNREACHABLE_VARIANT'
  | 'TEMPLATE_BLOCK'
  // Prompt caching and budgets
  | 'CACHE_VOLATILE_BEFORE_STABLE'
  | 'CACHE_PREFIX_SHORTENED'
  | 'BUDGET_EXCEEDED'
  | 'CONTEXT_WINDOW_EXCEEDED';

/** What a finding (or a group of them) says, and where. */
export interface FindingPlace {
  code: LintCode;
  severity: LintSeverity;
  message: string;
  /** Workspace-relative file. */
  file: string;
  line?: number | undefined;
  column?: number | undefined;
}

export interface LintFinding extends FindingPlace {
  variantId?: string | undefined;
  /** The context preset a build-based finding was seen under. */
  preset?: string | undefined;
  /** What this occurrence has of its own (sizes, offsets): the message stays the same where the finding is the same. */
  detail?: string | undefined;
  /** What to change to settle it. */
  fix?: string | undefined;
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

/** Where a finding arises: `variant gpt-5, preset basic`, or undefined for one of no variant. */
export function findingScope(f: Pick<LintFinding, 'variantId' | 'preset'>): string | undefined {
  const parts = [
    f.variantId !== undefined ? `variant ${f.variantId}` : undefined,
    f.preset !== undefined ? `preset ${f.preset}` : undefined,
  ];
  const scope = parts.filter(Boolean).join(', ');
  return scope || undefined;
}

function findingWhere(f: Pick<LintFinding, 'file' | 'line' | 'column'>): string {
  return f.line !== undefined ? `${f.file}:${f.line}:${f.column ?? 1}` : f.file;
}

/** One line: where, severity, code, message (and detail), and the variant and preset it arises in. */
export function formatFinding(f: LintFinding): string {
  const scope = findingScope(f);
  return `${findingWhere(f)}: ${f.severity} ${f.code}: ${f.message}${f.detail ? ` (${f.detail})` : ''}${scope ? ` [${scope}]` : ''}`;
}

/**
 * Findings that say the same thing at the same place (code, severity, file, position,
 * message), whatever variant and preset they arise in: one group with a count, each
 * occurrence keeping its variant, preset, detail and fix. The check result carries the
 * groups, so the CLI and the Problems panel show the same list.
 */
export interface FindingGroup extends FindingPlace {
  /** How many findings the group holds. */
  count: number;
  /** What to change, when it is the same for every occurrence (else each occurrence says). */
  fix?: string | undefined;
  occurrences: { variantId?: string | undefined; preset?: string | undefined; detail?: string | undefined; fix?: string | undefined }[];
}

/** Groups findings (see FindingGroup), in the order of their first finding. */
export function groupFindings(findings: readonly LintFinding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const f of findings) {
    const key = JSON.stringify([f.code, f.severity, f.file, f.line ?? null, f.column ?? null, f.message]);
    let group = groups.get(key);
    if (!group) {
      group = {
        code: f.code,
        severity: f.severity,
        message: f.message,
        file: f.file,
        line: f.line,
        column: f.column,
        count: 0,
        occurrences: [],
      };
      groups.set(key, group);
    }
    group.count++;
    group.occurrences.push({ variantId: f.variantId, preset: f.preset, detail: f.detail, fix: f.fix });
  }
  for (const group of groups.values()) {
    const fixes = new Set(group.occurrences.map((o) => o.fix));
    if (fixes.size === 1) {
      group.fix = group.occurrences[0]!.fix;
      for (const o of group.occurrences) delete o.fix;
    }
  }
  return [...groups.values()];
}

/** Where a group arises: `variant gpt-5, preset basic`, or `5 variants: a, b, c, d, e; preset basic`. */
export function groupScope(group: FindingGroup): string | undefined {
  if (group.count === 1) return findingScope(group.occurrences[0]!);
  const variants = [...new Set(group.occurrences.map((o) => o.variantId).filter((v): v is string => v !== undefined))];
  const presets = [...new Set(group.occurrences.map((o) => o.preset).filter((p): p is string => p !== undefined))];
  const pairs = group.occurrences.map((o) => [o.variantId, o.preset].filter(Boolean).join(' × '));
  if (variants.length === group.count && presets.length <= 1)
    return `${variants.length} variants: ${variants.join(', ')}${presets.length ? `; preset ${presets[0]}` : ''}`;
  if (presets.length === group.count && variants.length <= 1)
    return `${variants.length ? `variant ${variants[0]}; ` : ''}${presets.length} presets: ${presets.join(', ')}`;
  return `${group.count} times: ${pairs.join(', ')}`;
}

/**
 * A group as the CLI prints it: its line, then what to change, then each occurrence's own
 * detail (and fix). Notes (info) print no fix line: they say what is, not what is wrong.
 */
export function formatGroup(group: FindingGroup): string[] {
  const scope = groupScope(group);
  const fixes = group.severity !== 'info';
  if (group.count === 1) {
    const only = group.occurrences[0]!;
    const line = formatFinding({ ...group, variantId: only.variantId, preset: only.preset, detail: only.detail });
    const fix = group.fix ?? only.fix;
    return fix && fixes ? [line, `  fix: ${fix}`] : [line];
  }
  const lines = [`${findingWhere(group)}: ${group.severity} ${group.code}: ${group.message}${scope ? ` [${scope}]` : ''}`];
  if (group.fix && fixes) lines.push(`  fix: ${group.fix}`);
  for (const o of group.occurrences) {
    const own = [o.detail, o.fix && fixes ? `fix: ${o.fix}` : undefined].filter(Boolean).join('; ');
    if (own) lines.push(`  ${[o.variantId, o.preset].filter(Boolean).join(' × ') || 'here'}: ${own}`);
  }
  return lines;
}
