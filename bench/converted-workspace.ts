import { parseContext } from '../shared/domain/parse-context.js';
import type { SystemPromptContext } from '../shared/domain/context.js';
import { defineVariant, type Variant } from '../shared/domain/variant.js';
import { ComponentRegistry } from '../shared/engine/components/component-registry.js';
import { STANDARD_PLACEHOLDER_KEYS } from '../shared/engine/sections.js';
import type { ToolCatalog } from '../shared/engine/tools/tool-catalog.js';
import { referenceCleanup, referenceResolve } from './reference-regexes.js';

/**
 * A workspace as a Cline user converts theirs: every section a template component with
 * plain `{{KEY}}` slots (no blocks), the variant's own 7 placeholders, a base template that
 * joins the sections with separators. `kb` sets the prompt's size.
 */
export interface ConvertedWorkspace {
  variant: Variant;
  components: ComponentRegistry;
  templates: Record<string, string>;
  tools: ToolCatalog;
  context: SystemPromptContext;
}

const SECTIONS = [
  'AGENT_ROLE_SECTION',
  'RULES_SECTION',
  'CAPABILITIES_SECTION',
  'EDITING_FILES_SECTION',
  'SYSTEM_INFO_SECTION',
  'OBJECTIVE_SECTION',
];
const PARAGRAPH =
  'Work in {{CWD}} for {{PRODUCT}} by {{COMPANY}}: read the code before you change it, keep changes small, follow {{STYLE_GUIDE}}, and explain each step in {{LANGUAGE}}. ';

export function convertedWorkspace(kb: number): ConvertedWorkspace {
  const perSection = Math.max(1, Math.round((kb * 1024) / SECTIONS.length / PARAGRAPH.length));
  const components = new ComponentRegistry();
  const templates: Record<string, string> = {};
  for (const id of SECTIONS) {
    templates[id] =
      `${id.replace('_SECTION', '')}\n\n${Array.from({ length: perSection }, (_, i) => `${i + 1}. ${PARAGRAPH}`).join('\n')}\nShell: {{SHELL}}, OS {{OS}}, date {{CURRENT_DATE}}, {{SUPPORT_URL}}, {{TEAM}}.`;
    components.registerTemplate(id, templates[id]);
  }
  const variant = defineVariant({
    id: 'converted',
    family: 'converted',
    description: 'A converted Cline variant',
    componentOrder: SECTIONS,
    baseTemplate: SECTIONS.map((id) => `{{${id}}}`).join('\n\n====\n\n'),
    placeholders: {
      PRODUCT: 'Acme Shop',
      COMPANY: 'Acme',
      STYLE_GUIDE: 'docs/style.md',
      LANGUAGE: 'British English',
      SUPPORT_URL: 'https://support.example.com',
      TEAM: 'platform',
      RELEASE: '2026.1',
    },
  });
  return {
    variant,
    components,
    templates,
    tools: new Map() as ToolCatalog,
    context: parseContext({
      cwd: '/home/user/shop',
      machine: { os: 'Linux', shell: '/bin/bash', homeDir: '/home/user' },
      date: '2026-01-15',
    }),
  };
}

/**
 * The original builder's algorithm on the same inputs: each component's template resolved
 * with the base placeholders merged with the variant's (a fresh spread per component), the
 * five placeholder layers, one resolve of the base template, the cleanup regexes.
 */
export function referenceBuild(ws: ConvertedWorkspace, variant: Variant, context: SystemPromptContext): string {
  const base = {
    CWD: context.cwd || '/tmp',
    OS: context.machine?.os,
    SHELL: context.machine?.shell,
    HOME_DIR: context.machine?.homeDir,
    CURRENT_DATE: context.date,
    MODEL_FAMILY: variant.family,
    SUPPORTS_BROWSER: context.supportsBrowserUse === true,
  };
  const sections: Record<string, string> = {};
  for (const id of variant.componentOrder) {
    const text = referenceResolve(ws.templates[id] ?? '', { ...base, ...variant.placeholders });
    if (text.trim()) sections[id] = text;
  }
  const placeholders: Record<string, unknown> = { ...variant.placeholders };
  placeholders.CWD = context.cwd || '/tmp';
  placeholders.SUPPORTS_BROWSER = context.supportsBrowserUse || false;
  placeholders.MODEL_FAMILY = variant.family;
  placeholders.CURRENT_DATE = context.date;
  Object.assign(placeholders, sections);
  for (const key of STANDARD_PLACEHOLDER_KEYS) if (!placeholders[key]) placeholders[key] = sections[key] || '';
  if (context.runtimePlaceholders) Object.assign(placeholders, context.runtimePlaceholders);
  return referenceCleanup(referenceResolve(variant.baseTemplate, placeholders));
}
