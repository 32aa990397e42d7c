import type { BuiltinComponent } from '../component-types.js';
import { builtinVariables } from './variables.js';

/**
 * The skills of the context with how to use them: through a skill tool when the variant
 * enables one, else by reading the skill's instructions file. Empty without skills.
 */
export const skills: BuiltinComponent = {
  id: 'SKILLS_SECTION',
  title: 'Skills',
  description:
    'Lists context.skills (name, description, and the instructions file when known) and how to load one: with the use_skill tool when enabled, else by reading the file. Empty without skills.',
  defaultTemplate: `{{#if skills}}
SKILLS

Skills are packaged instructions for particular kinds of work, written by the user or their team. These are available:

{{#each skills}}
- {{name}}: {{description}}{{#if path}} (instructions in {{path}}){{/if}}
{{/each}}

When a task matches a skill's description, load the skill before you start{{#if SKILL_TOOL}} by calling {{SKILL_TOOL}} with its name{{else}} by reading its instructions file with read_file{{/if}}, and follow its instructions for the rest of the task. Load only the skills that fit the task, and only once per task.{{/if}}`,
  variables: builtinVariables,
  emptyReason(input) {
    return (input.context.skills?.length ?? 0) > 0 ? undefined : 'no skills in the context';
  },
};
