/**
 * A problem found in a workspace file: which file, where (1-based line and column when
 * known), and what is wrong. Loading never throws for bad files; it returns these.
 */
export interface FileProblem {
  /** Workspace-relative path with forward slashes, e.g. `variants/generic/variant.yaml`. */
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  /** Dotted path inside the document (e.g. `componentOverrides.RULES_SECTION.order`), when known. */
  path?: string | undefined;
  message: string;
  severity: 'error' | 'warning';
}

export function formatProblem(p: FileProblem): string {
  const where = p.line !== undefined ? `${p.file}:${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : p.file;
  const at = p.path ? ` (at ${p.path})` : '';
  return `${where}: ${p.severity}: ${p.message}${at}`;
}
