import type { ComponentOrigin } from '../components/component-types.js';
import type { Span } from '../text/edits.js';
import type { NativeToolDefinitions } from '../tools/native-tools.js';
import type { VolatileRange } from '../volatility/volatile-range.js';

/** Which of the five placeholder layers supplied a value (prompt-semantics.md, Placeholders). */
export type PlaceholderLayer = 'variant' | 'standard' | 'component' | 'standard-default' | 'runtime' | 'inherited';

/** Where a range of the final text came from. */
export type SourceRef =
  | { kind: 'template'; variantId: string; file?: string | undefined }
  | { kind: 'component'; componentId: string; origin: ComponentOrigin; file?: string | undefined }
  | { kind: 'placeholder'; key: string; layer: PlaceholderLayer };

export type BuildWarningCode =
  | 'COMPONENT_NOT_FOUND'
  | 'COMPONENT_FAILED'
  | 'COMPONENT_EMPTY'
  | 'COMPONENT_DISABLED'
  | 'PLACEHOLDER_UNRESOLVED'
  | 'TOOL_NOT_FOUND'
  | 'TEMPLATE_BLOCK';

export interface BuildWarning {
  code: BuildWarningCode;
  /** 'warning' for what Cline's builder itself logs (missing, failed); 'info' for our own analysis. */
  severity: 'warning' | 'info';
  /** For COMPONENT_NOT_FOUND and COMPONENT_FAILED, exactly the message Cline logs. */
  message: string;
  componentId?: string | undefined;
  key?: string | undefined;
  /** The error text of a failed component, the reason a component is empty, ... */
  detail?: string | undefined;
  /** Offset in the base template (unresolved placeholders). */
  templateOffset?: number | undefined;
}

export type ComponentStatus = 'ok' | 'empty' | 'missing' | 'failed' | 'disabled';

export interface ComponentReport {
  id: string;
  status: ComponentStatus;
  origin?: ComponentOrigin | undefined;
  file?: string | undefined;
  /** Length of the component's own text (0 unless kept). */
  chars: number;
  /** Characters of the final prompt credited to this component. */
  finalChars: number;
  /** Why it contributed nothing (empty, disabled, missing, failed). */
  reason?: string | undefined;
  /** Whether the base template uses this component's key. */
  inTemplate: boolean;
}

export interface PlaceholderValue {
  key: string;
  /** The value as it is written into the template, cut at PLACEHOLDER_TEXT_LIMIT characters (sections are in the text already). */
  text: string;
  /** Length of the whole value. */
  length: number;
  layer: PlaceholderLayer;
}

/** How much of each placeholder value a build result repeats. */
export const PLACEHOLDER_TEXT_LIMIT = 600;

export interface BuildSection {
  start: number;
  end: number;
  source: SourceRef;
  /** Offset inside the source's own text (template, component output, placeholder value). */
  offset: number;
}

export interface VariantBuildResult {
  kind: 'variant';
  variantId: string;
  family: string;
  text: string;
  /** Ranges of `text` with their source, in order, covering the whole text. */
  sections: BuildSection[];
  components: ComponentReport[];
  /** Every key the base template reads, with the value and the layer that won (unresolved keys absent). */
  placeholders: PlaceholderValue[];
  /**
   * Every key the template pass could find a value under (a dotted key's first part): the
   * placeholders' keys, and those they inherit other than a plain object's own. A tag whose key
   * starts otherwise stays unresolved (speculateTemplateEdit reads it). Absent: not known.
   */
  placeholderKeys?: string[] | undefined;
  warnings: BuildWarning[];
  tools: {
    enabled: string[];
    excluded: { id: string; reason: string }[];
    /** Present when the context enables native tool calls. */
    native?: NativeToolDefinitions | undefined;
  };
  sizes: { chars: number; bytes: number; lines: number };
  /** The date and working directory the build used. */
  inputs: { currentDate: string; cwd: string };
  /** With `trackVolatility`: the ranges of `text` that depend on volatile context fields, in order. */
  volatile?: VolatileRange[] | undefined;
}

export type { Span };
