import type { DocRef } from './doc-ref.js';

/**
 * What a document reference names, as strings: its key and its conventional path. Apart from
 * doc-ref.ts (whose schema is the host's check) so that the renderer's first screen needs no zod.
 */

/** A stable string for maps and tabs, e.g. `variant-template:generic`. */
export function docKey(ref: DocRef): string {
  switch (ref.kind) {
    case 'workspace-config':
      return 'workspace-config';
    case 'model-limits':
      return 'model-limits';
    case 'variant-config':
    case 'variant-template':
      return `${ref.kind}:${ref.variantId}`;
    case 'component-override':
      return `${ref.kind}:${ref.variantId}/${ref.componentId}`;
    case 'tool-override':
      return `${ref.kind}:${ref.variantId}/${ref.toolId}`;
    case 'component':
      return `component:${ref.componentId}`;
    case 'tool':
      return `tool:${ref.toolId}`;
    case 'preset':
      return `preset:${ref.name}`;
    case 'profile-file':
      return `profile-file:${ref.profileId}/${ref.file}`;
    case 'harness-file':
      return `harness-file:${ref.harnessId}/${ref.file}`;
  }
}

/**
 * The conventional workspace-relative path of a document. The variant template's real file
 * name comes from variant.yaml (`template`, default template.md); the host resolves that.
 */
export function conventionalPath(ref: DocRef): string {
  switch (ref.kind) {
    case 'workspace-config':
      return 'workspace.yaml';
    case 'model-limits':
      return 'models.yaml';
    case 'variant-config':
      return `variants/${ref.variantId}/variant.yaml`;
    case 'variant-template':
      return `variants/${ref.variantId}/template.md`;
    case 'component-override':
      return `variants/${ref.variantId}/overrides/components/${ref.componentId}.md`;
    case 'tool-override':
      return `variants/${ref.variantId}/overrides/tools/${ref.toolId}.md`;
    case 'component':
      return `components/${ref.componentId}.md`;
    case 'tool':
      return `tools/${ref.toolId}.yaml`;
    case 'preset':
      return `contexts/${ref.name}.yaml`;
    case 'profile-file':
      return `profiles/${ref.profileId}/${ref.file}`;
    case 'harness-file':
      return `harnesses/${ref.harnessId}/${ref.file}`;
  }
}
