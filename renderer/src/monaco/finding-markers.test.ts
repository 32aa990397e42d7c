import { describe, expect, it } from 'vitest';
import type { CheckFinding } from '../../../shared/ipc/contract';
import { findingMarkers, MARKER_SEVERITY } from './finding-markers';

const findings: CheckFinding[] = [
  {
    code: 'STRICT_AGENT_ROLE_NOT_FIRST',
    severity: 'warning',
    message: 'AGENT_ROLE_SECTION should come first',
    file: 'variants/xs/variant.yaml',
    line: 22,
    column: 5,
    variantId: 'xs',
  },
  {
    code: 'UNKNOWN_PLACEHOLDER',
    severity: 'warning',
    message: '{{}} is neither ...',
    file: 'variants/xs/template.md',
    line: 40,
    column: 1,
  },
  {
    code: 'COMPONENT_EMPTY_FOR_CONTEXT',
    severity: 'info',
    message: 'component MCP_SECTION produces nothing',
    file: 'variants/xs/variant.yaml',
    line: 3,
    column: 5,
    preset: 'no-mcp',
  },
  { code: 'LOAD_ERROR', severity: 'error', message: 'Invalid input (at version)', file: 'variants/xs/variant.yaml' },
];

describe('editor markers of the check', () => {
  it('are one per finding of the file, at its line and column, with its message, severity and code', () => {
    const lines = { count: 30, maxColumn: (l: number) => (l === 1 ? 8 : 30) };
    expect(findingMarkers(findings, 'variants/xs/variant.yaml', lines)).toEqual([
      {
        startLineNumber: 22,
        startColumn: 5,
        endLineNumber: 22,
        endColumn: 30,
        message: 'AGENT_ROLE_SECTION should come first',
        severity: MARKER_SEVERITY.warning,
        code: 'STRICT_AGENT_ROLE_NOT_FIRST',
        source: 'variant-studio check',
      },
      {
        startLineNumber: 3,
        startColumn: 5,
        endLineNumber: 3,
        endColumn: 30,
        message: 'component MCP_SECTION produces nothing [preset no-mcp]',
        severity: MARKER_SEVERITY.info,
        code: 'COMPONENT_EMPTY_FOR_CONTEXT',
        source: 'variant-studio check',
      },
      {
        startLineNumber: 1,
        startColumn: 1,
        endLineNumber: 1,
        endColumn: 8,
        message: 'Invalid input (at version)',
        severity: MARKER_SEVERITY.error,
        code: 'LOAD_ERROR',
        source: 'variant-studio check',
      },
    ]);
    // A line past the end of an edited file is clamped to the last line.
    expect(findingMarkers(findings, 'variants/xs/template.md', { count: 12, maxColumn: () => 4 })[0]).toMatchObject({
      startLineNumber: 12,
      endColumn: 4,
    });
  });
});
