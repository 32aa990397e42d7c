import type { BuiltinComponent } from '../component-types.js';
import { builtinVariables } from './variables.js';

/**
 * How to call tools, the tools themselves, examples and guidelines. With native tool calls
 * the tools travel as function definitions: no XML format, no tool texts, no XML examples.
 * Each example appears only when its tool is enabled with the parameters the example uses.
 */
export const toolUse: BuiltinComponent = {
  id: 'TOOL_USE_SECTION',
  title: 'Tool use',
  description:
    'How tool calls are written (XML-style tags, or native function calls), the enabled tools, examples for the enabled tools, and the step-by-step guidelines. Wording follows yolo mode, parallel tool calling and native tool calls.',
  defaultTemplate: `TOOL USE

You have a set of tools for working in the user's environment. {{#if YOLO}}Calls run automatically, without waiting for the user to approve them one by one{{else}}Each call runs once the user has approved it{{/if}}, and its result comes back to you in the next user message. {{#if PARALLEL_TOOLS}}You may make several calls in one message when they do not depend on one another; when a call needs another call's result, wait for that result first.{{else}}Make one tool call per message.{{/if}} Work step by step and let what each tool returns decide your next move.
{{#if NATIVE_TOOLS}}

# How to Call Tools

The tools are defined through the API's native function-calling interface: call them with that mechanism and nothing else. A tool call written out in your reply as XML, JSON or a code block is read as ordinary text, and nothing runs. Give every required argument, and leave an optional one out rather than sending an empty or made-up value.
{{else}}

# Tool Call Format

Write a tool call as XML-style tags: the outer tag is the tool's name, and each parameter is a tag of its own inside it, holding the parameter's value.

<tool_name>
<first_parameter>value</first_parameter>
<second_parameter>value</second_parameter>
</tool_name>

Reading a file, for instance, looks like this:

<read_file>
<path>src/main.ts</path>
</read_file>

The format has to be exact: the tag names must match the tool's name and its parameter names character for character, every opening tag needs its closing tag, and a value goes between the tags as it is, without quotes. Write the call directly in your reply, not inside a code block, or it will not be recognised and nothing will run. Give every required parameter, and leave out optional ones you do not need.
{{/if}}
{{#if TOOLS}}

# Tools

{{TOOLS}}
{{/if}}
{{#if HAS_EXAMPLES}}

# Tool Use Examples
{{#if EXAMPLE_EXECUTE_COMMAND}}

## Example: running a command

<execute_command>
<command>npm run test -- --coverage</command>
<requires_approval>false</requires_approval>
{{#if EXAMPLE_TASK_PROGRESS}}
<task_progress>
- [x] Reproduce the failing date test
- [x] Fix the time zone handling in parseDate
- [ ] Run the whole test suite
</task_progress>
{{/if}}
</execute_command>
{{/if}}
{{#if EXAMPLE_WRITE_TO_FILE}}

## Example: creating a new file

<write_to_file>
<path>src/config/defaults.json</path>
<content>
{
  "apiBaseUrl": "https://api.example.com",
  "timeoutMs": 10000,
  "retries": 3
}
</content>
</write_to_file>
{{/if}}
{{#if EXAMPLE_REPLACE_IN_FILE}}

## Example: changing parts of an existing file

<replace_in_file>
<path>src/reports/loadReport.ts</path>
<diff>
------- SEARCH
import { fetchUser } from './api';
=======
import { fetchUser, fetchTeam } from './api';
+++++++ REPLACE

------- SEARCH
  const user = await fetchUser(id);
=======
  const [user, team] = await Promise.all([fetchUser(id), fetchTeam(id)]);
+++++++ REPLACE
</diff>
</replace_in_file>
{{/if}}
{{#if EXAMPLE_NEW_TASK}}

## Example: handing the work over to a new task

<new_task>
<context>
1. Current work: CSV export for the reports page. The export button and the server endpoint are done and tested.
2. Key technical points: the endpoint streams rows from ReportService instead of building the file in memory.
3. Relevant files: src/reports/ReportService.ts, src/routes/export.ts, src/ui/ExportButton.tsx.
4. Next steps: paginate the export for reports over 50,000 rows, then add the integration tests.
</context>
</new_task>
{{/if}}
{{#if EXAMPLE_USE_MCP_TOOL}}

## Example: calling a tool of an MCP server

<use_mcp_tool>
<server_name>weather-server</server_name>
<tool_name>get_forecast</tool_name>
<arguments>
{
  "city": "Lisbon",
  "days": 3
}
</arguments>
</use_mcp_tool>
{{/if}}
{{/if}}

# Tool Use Guidelines

1. Before each call, take stock{{#unless NATIVE_TOOLS}} inside <thinking></thinking> tags{{/unless}}: what you already know, what you still need to find out, and which step comes next.
2. Choose the tool that fits the step best. Prefer a dedicated tool to a general one: list_files shows a directory's contents better than running \`ls\` through execute_command, and search_files finds text more reliably than \`grep\` in a shell.
3. {{#if PARALLEL_TOOLS}}Group independent calls, such as reading several files, into one message, but never put a call next to another one whose result it depends on.{{else}}Use one tool per message and let each result shape the next step. Do not guess what a call will return.{{/if}}
4. {{#if NATIVE_TOOLS}}Make every call through the function-calling interface.{{else}}Write every call in the XML format shown above.{{/if}}
5. The result of each call arrives in the next user message. It may tell you:
  - whether the tool succeeded or failed, and why it failed;
  - about linter or compiler errors your change introduced, which you should fix next;
  - what a command printed, so that you can react to it;
  - anything else that bears on the call.
6. {{#if YOLO}}Nobody reviews your calls before they run, so be deliberate: read before you overwrite, prefer steps that can be undone, and check each result before you continue.{{else}}Wait for the user's response after each call before you go on. Never take a call's success for granted without seeing its result.{{/if}}

Going one confirmed step at a time lets you:
1. check that each step worked before building on it;
2. catch errors and problems as soon as they appear;
3. adjust your approach to new information or unexpected results;
4. make sure every action rests on the actual outcome of the one before.

Acting on what the tools actually report, rather than on what you expect them to report, is what makes your work reliable.`,
  variables: builtinVariables,
};
