import type { BuiltinComponent } from '../component-types.js';
import { builtinVariables } from './variables.js';

/**
 * What the agent can do with its tools. Browser use only when supported, MCP only with a
 * connected server, web tools, subagents and skills only when the context has them; the
 * working directory and the multi-root workspace are named; commands are described after
 * the terminal execution mode and the environment (IDE or CLI).
 */
export const capabilities: BuiltinComponent = {
  id: 'CAPABILITIES_SECTION',
  title: 'Capabilities',
  description:
    'What the tools let the agent do: commands, files, search, code outlines, the file listing of the working directory. Browser capability only with supportsBrowserUse, MCP only with a connected server, plus multi-root, web tools, subagents and skills when present.',
  defaultTemplate: `CAPABILITIES

- Your tools let you run commands on the user's computer, list files, outline the definitions in source code, search files with regular expressions, read files and edit them{{#if ASK_USER}}, and ask the user follow-up questions{{/if}}. With them you can write new code, fix bugs, refactor, explain how a code base works, set up projects and much more.
- When the user gives you a task, environment_details includes a recursive listing of the files in the current working directory, {{CWD}}. File and folder names say a lot about how a project is organised and which languages it uses, so use the listing to decide where to look first. For other directories, use list_files: with recursive set to true it lists everything below a path; without it you get only the top level, which suits broad locations such as the Desktop where the full tree would be noise.
{{#if MULTI_ROOT}}
- This is a multi-root workspace with {{ROOT_COUNT}} roots, listed under SYSTEM INFORMATION; {{CWD}} is the primary one. A task can span several roots, so check which root a file belongs to before you read or change it, and run each command in the root it is meant for.
{{/if}}
- search_files runs a regular expression over the files in a directory and shows every match with the lines around it. Use it to find where something is defined or used, to spot patterns such as TODO comments or deprecated calls, and to see how far a change will reach.
- list_code_definition_names outlines the top-level definitions (classes, functions, methods and so on) in the source files of a directory. It is a cheap way to see how the code fits together; call it on a few directories when you need the bigger picture.
    - For example, asked to improve a feature, you might study the listing in environment_details, outline the relevant directory with list_code_definition_names, read the most relevant files with read_file, work out what to change and make the change with replace_in_file, then look for other places the change affects with search_files and update them too.
- execute_command runs commands on the user's computer. Say what each command does before you run it. One command that does the whole job is usually better than writing a script for it. {{#if BACKGROUND_EXEC}}Commands run as background processes, and their output comes back to you when they finish.{{else}}{{#if CLI}}Commands run in the user's shell{{else}}Each command runs in a new terminal in the editor{{/if}}; long-running ones can keep going in the background while you work, and you are told about their status and any new output.{{/if}}{{#if BROWSER}}
- browser_action drives a headless browser{{#if VIEWPORT}} with a {{VIEWPORT}} pixel viewport{{/if}}: you can open pages, click, type and scroll, and every step returns a screenshot and any new console output. Use it to check web work yourself. For example, after building a component, start the dev server with execute_command, open the local address, click through the new behaviour, and read the screenshots and logs for problems.{{/if}}{{#if HAS_MCP}}
- The connected MCP servers, described under MCP SERVERS, give you additional tools and resources.{{/if}}{{#if WEB_TOOLS}}
- You can search the web and fetch web pages, which helps with current documentation, unfamiliar error messages and release notes. Prefer official sources, and check what you find against the code in front of you.{{/if}}{{#if SUBAGENTS}}
- You can hand self-contained pieces of work, such as finding out how one part of the code base works, to subagents that run on their own and report back, which keeps your own context on the main task.{{/if}}{{#if HAS_SKILLS}}
- Skills, listed under SKILLS, give you ready-made instructions for particular kinds of work.{{/if}}`,
  variables: builtinVariables,
};
