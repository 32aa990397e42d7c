import { describe, expect, it } from 'vitest';
import { toolUse } from './tool-use.js';
import { exampleTools, makeInput, render, renderFor, spec } from './__tests__/input.js';

const TEXTS = ['## read_file\nDescription: Reads a file.', '', '## write_to_file\nDescription: Writes a file.'];

describe('TOOL_USE_SECTION', () => {
  it('explains the XML-style format and lists the enabled tools, joined by blank lines', () => {
    const text = render(toolUse, makeInput({}, { tools: [spec('read_file'), spec('x'), spec('write_to_file')], texts: TEXTS }));
    expect(text.startsWith('TOOL USE\n\n')).toBe(true);
    expect(text).toContain('# Tool Call Format\n\nWrite a tool call as XML-style tags');
    expect(text).toContain(
      '<tool_name>\n<first_parameter>value</first_parameter>\n<second_parameter>value</second_parameter>\n</tool_name>',
    );
    expect(text).toContain(
      '\n\n# Tools\n\n## read_file\nDescription: Reads a file.\n\n## write_to_file\nDescription: Writes a file.\n\n# Tool Use Guidelines\n\n',
    );
    expect(text).toContain('inside <thinking></thinking> tags');
    expect(text).toContain('4. Write every call in the XML format shown above.');
  });

  it('exposes the joined texts as TOOLS', () => {
    const vars = toolUse.variables(makeInput({}, { tools: [spec('read_file'), spec('x'), spec('write_to_file')], texts: TEXTS }));
    expect(vars.TOOLS).toBe('## read_file\nDescription: Reads a file.\n\n## write_to_file\nDescription: Writes a file.');
    expect(vars.TOOL_COUNT).toBe(3);
  });

  it('has no Tools heading when no tool has text', () => {
    const text = renderFor(toolUse);
    expect(text).not.toContain('# Tools\n');
    expect(text).toContain('# Tool Call Format');
  });

  it('with native tool calls: no XML format, no tool texts, no examples, no thinking tags', () => {
    const tools = exampleTools();
    const text = render(toolUse, makeInput({ enableNativeToolCalls: true, focusChainSettings: { enabled: true } }, { tools }));
    expect(text).toContain("# How to Call Tools\n\nThe tools are defined through the API's native function-calling interface");
    expect(text).not.toContain('<tool_name>');
    expect(text).not.toContain('# Tools');
    expect(text).not.toContain('# Tool Use Examples');
    expect(text).not.toContain('<thinking>');
    expect(text).toContain('4. Make every call through the function-calling interface.');
  });

  it('shows an example only for an enabled tool that has the parameters the example uses', () => {
    expect(renderFor(toolUse)).not.toContain('# Tool Use Examples');
    const all = render(toolUse, makeInput({}, { tools: exampleTools() }));
    for (const heading of [
      '## Example: running a command',
      '## Example: creating a new file',
      '## Example: changing parts of an existing file',
      '## Example: handing the work over to a new task',
      '## Example: calling a tool of an MCP server',
    ]) {
      expect(all).toContain(heading);
    }
    const partial = render(
      toolUse,
      makeInput({}, { tools: [spec('execute_command', ['command']), spec('write_to_file', ['path', 'content'])] }),
    );
    expect(partial).toContain('# Tool Use Examples\n\n## Example: creating a new file\n\n<write_to_file>');
    expect(partial).not.toContain('<execute_command>');
    expect(partial).not.toContain('<replace_in_file>');
  });

  it('adds task_progress to the command example only when that parameter is kept (focus chain tool enabled)', () => {
    const withChain = render(toolUse, makeInput({ focusChainSettings: { enabled: true } }, { tools: exampleTools() }));
    expect(withChain).toContain('<requires_approval>false</requires_approval>\n<task_progress>\n- [x] Reproduce the failing date test');
    const withoutChainTool = render(
      toolUse,
      makeInput({ focusChainSettings: { enabled: true } }, { tools: exampleTools().filter((t) => t.id !== 'focus_chain') }),
    );
    expect(withoutChainTool).toContain('<requires_approval>false</requires_approval>\n</execute_command>');
    expect(withoutChainTool).not.toContain('<task_progress>');
  });

  it('keeps the SEARCH/REPLACE layout of the replace_in_file example', () => {
    const text = render(toolUse, makeInput({}, { tools: exampleTools() }));
    expect(text).toContain(
      "<diff>\n------- SEARCH\nimport { fetchUser } from './api';\n=======\nimport { fetchUser, fetchTeam } from './api';\n+++++++ REPLACE\n\n------- SEARCH\n",
    );
  });

  it('words approval after yolo mode', () => {
    const normal = renderFor(toolUse);
    expect(normal).toContain('Each call runs once the user has approved it');
    expect(normal).toContain("6. Wait for the user's response after each call before you go on.");
    const yolo = renderFor(toolUse, { yoloModeToggled: true });
    expect(yolo).toContain('Calls run automatically, without waiting for the user to approve them one by one');
    expect(yolo).toContain('6. Nobody reviews your calls before they run');
    expect(yolo).not.toContain("Wait for the user's response");
  });

  it('allows several calls per message only with parallel tool calling', () => {
    const single = renderFor(toolUse);
    expect(single).toContain('Make one tool call per message.');
    expect(single).not.toContain('several calls in one message');
    const parallel = renderFor(toolUse, { enableParallelToolCalling: true });
    expect(parallel).toContain('You may make several calls in one message when they do not depend on one another');
    expect(parallel).not.toContain('Make one tool call per message.');
  });
});
