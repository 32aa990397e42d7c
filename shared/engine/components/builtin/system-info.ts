import type { BuiltinComponent } from '../component-types.js';
import { builtinVariables } from './variables.js';

/**
 * Machine facts: operating system, IDE (when known), shell, home directory, working
 * directory, and with multi-root enabled the workspace roots (name, path, version control).
 */
export const systemInfo: BuiltinComponent = {
  id: 'SYSTEM_INFO_SECTION',
  title: 'System information',
  description:
    'Operating system, IDE (context.ide, when set), default shell, home directory and current working directory; with isMultiRootEnabled, the workspace roots with name, path and version control, the primary one marked.',
  defaultTemplate: `SYSTEM INFORMATION

Operating system: {{OS}}
{{#if IDE}}
IDE: {{IDE}}
{{/if}}
Default shell: {{SHELL}}
Home directory: {{HOME_DIR}}
Current working directory: {{CWD}}{{#if MULTI_ROOT}}

Workspace roots:{{#each roots}}
- {{label}}: {{path}}{{#if vcs}} ({{vcs}}){{/if}}{{#if primary}} [primary]{{/if}}{{/each}}{{/if}}`,
  variables: builtinVariables,
};
