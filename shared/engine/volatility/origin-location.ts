import type { Variant } from '../../domain/variant.js';
import { lineColumn } from '../lint/lint-finding.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import { positionOf } from '../workspace/yaml-file.js';
import type { RangeOrigin } from './volatile-range.js';

/** Where in the workspace's files a volatile range was decided: the line to open. */
export interface OriginLocation {
  /** Workspace-relative file. */
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  /** Offset in the file's text, when the origin is a template file. */
  offset?: number | undefined;
  /** Plain words, e.g. "tool execute_command, description" or "RULES_SECTION (default template)". */
  label: string;
}

/** The text at a path of a tool spec (e.g. ['parameters', 2, 'instruction']). */
function textAt(spec: unknown, path: readonly (string | number)[]): string | undefined {
  let at: unknown = spec;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return typeof at === 'string' ? at : undefined;
}

/** The file and line of a range's origin in a variant's build. */
export function locateOrigin(ws: WorkspaceSnapshot, variant: Variant, origin: RangeOrigin): OriginLocation | undefined {
  const configFile = variant.files?.config ?? `variants/${variant.id}/variant.yaml`;
  const inConfig = (path: (string | number)[], label: string): OriginLocation => {
    const pos = positionOf(ws.positions.get(configFile) ?? {}, path);
    return { file: configFile, line: pos?.line, column: pos?.column, label };
  };
  switch (origin.kind) {
    case 'template': {
      const file = origin.file ?? variant.files?.template ?? `variants/${variant.id}/template.md`;
      return { file, ...lineColumn(variant.baseTemplate, origin.offset), offset: origin.offset, label: 'the base template' };
    }
    case 'component': {
      const id = origin.componentId;
      const override = variant.componentOverrides[id];
      const entry = ws.components.get(id);
      if (override?.template !== undefined) {
        if (override.templateFile && origin.offset !== undefined)
          return {
            file: override.templateFile,
            ...lineColumn(override.template, origin.offset),
            offset: origin.offset,
            label: `${id} (override)`,
          };
        return inConfig(['componentOverrides', id, 'template'], `${id} (override in variant.yaml)`);
      }
      if (entry?.kind === 'workspace' && entry.file && origin.offset !== undefined)
        return {
          file: entry.file,
          ...lineColumn(entry.template, origin.offset),
          offset: origin.offset,
          label: `${id} (workspace component)`,
        };
      const index = variant.componentOrder.indexOf(id);
      return inConfig(['componentOrder', index], `${id} (${entry?.kind === 'code' ? 'registered in code' : 'default template'})`);
    }
    case 'tool': {
      const id = origin.toolId;
      const override = variant.toolOverrides[id];
      if (origin.overrideOffset !== undefined && override?.template !== undefined) {
        if (override.templateFile)
          return {
            file: override.templateFile,
            ...lineColumn(override.template, origin.overrideOffset),
            offset: origin.overrideOffset,
            label: `tool ${id} (override)`,
          };
        return inConfig(['toolOverrides', id, 'template'], `tool ${id} (override in variant.yaml)`);
      }
      const file = ws.toolFiles.get(id);
      if (!file) return inConfig(['tools', variant.tools.indexOf(id)], `tool ${id}`);
      const specs = ws.tools.get(id)?.specs ?? [];
      const specIndex = Math.max(
        specs.findIndex((s) => s.family === origin.family),
        0,
      );
      const path = ['specs', specIndex, ...(origin.part ?? [])];
      const pos = positionOf(ws.positions.get(file) ?? {}, path);
      const part = origin.part?.length ? `, ${origin.part.join('.')}` : '';
      const label = `tool ${id}${part}`;
      const text = textAt(specs[specIndex], origin.part ?? []);
      if (!pos || text === undefined || origin.textOffset === undefined) return { file, line: pos?.line, column: pos?.column, label };
      // A text over several lines is a YAML block scalar: its lines start on the line after the key.
      const at = lineColumn(text, origin.textOffset);
      return text.includes('\n')
        ? { file, line: pos.line + at.line, label }
        : { file, line: pos.line, column: (pos.column ?? 1) + at.column - 1, label };
    }
    case 'stack':
      return origin.file ? { file: origin.file, label: origin.label } : undefined;
  }
}
