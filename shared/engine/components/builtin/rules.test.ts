import { describe, expect, it } from 'vitest';
import { rules } from './rules.js';
import { renderFor } from './__tests__/input.js';

describe('RULES_SECTION', () => {
  it('fixes the working directory', () => {
    const text = renderFor(rules, { cwd: '/srv/app' });
    expect(text.startsWith('RULES\n\n- Your current working directory is /srv/app. It stays the same for the whole task')).toBe(true);
    expect(text).toContain('either a path relative to /srv/app or an absolute one.');
    expect(text).toContain('If it has to run outside /srv/app, change directory within the same command');
    expect(text.endsWith('the result tells you whether the call worked, and often what to do next.')).toBe(true);
  });

  it('has browser rules only when browser use is supported and the variant enables browser_action', () => {
    const withTool = { tools: [{ id: 'browser_action', family: 'generic' }] };
    expect(renderFor(rules, {}, withTool)).not.toContain('browser_action');
    expect(renderFor(rules, { supportsBrowserUse: true })).not.toContain('browser_action');
    const browser = renderFor(rules, { supportsBrowserUse: true, browserSettings: { viewport: { width: 900, height: 600 } } }, withTool);
    expect(browser).toContain(
      '- Use browser_action to check web work yourself (the viewport is 900x600 pixels). Every browser session starts with launch and ends with close.',
    );
    expect(renderFor(rules, { supportsBrowserUse: true }, withTool)).toContain(
      '- Use browser_action to check web work yourself. Every browser session',
    );
  });

  it('drops every ask-the-user rule in yolo mode and in subagent runs', () => {
    const normal = renderFor(rules);
    expect(normal).toContain('ask it with ask_followup_question');
    expect(normal).toContain('if you really need the output, ask the user to paste it, using ask_followup_question.');
    for (const context of [{ yoloModeToggled: true }, { isSubagentRun: true }]) {
      const text = renderFor(rules, context);
      expect(text).not.toContain('ask_followup_question');
      expect(text).not.toMatch(/\bask(ing)?\b/i);
      expect(text).toContain('- Work autonomously and do not stop for questions.');
      expect(text).toContain('assume that it succeeded unless something says otherwise. Check the actively running terminals');
    }
  });

  it('warns about unreviewed calls in yolo mode only', () => {
    expect(renderFor(rules)).not.toContain('not reviewed');
    expect(renderFor(rules, { yoloModeToggled: true })).toContain('what to do next. Your calls are not reviewed before they run');
  });

  it('changes the command rule for background execution', () => {
    const terminal = renderFor(rules, { terminalExecutionMode: 'vscodeTerminal' });
    expect(terminal).toContain("- Commands run in a terminal in the user's editor, where the user can watch them and interact with them.");
    expect(terminal).not.toContain('background processes');
    const background = renderFor(rules, { terminalExecutionMode: 'backgroundExec' });
    expect(background).toContain('- Commands run as background processes, not in a terminal that anyone can see or type into');
    expect(background).not.toContain('actively running terminals');
  });

  it('adjusts the wording for the CLI', () => {
    const cli = renderFor(rules, { isCliEnvironment: true });
    expect(cli).toContain("- Commands run in the user's shell, where the user can follow them.");
    expect(cli).toContain('describes the state of the project and the session.');
    expect(cli).toContain('- You are running in a command-line interface, not in an editor');
    const ide = renderFor(rules);
    expect(ide).toContain('describes the state of the project and the editor, such as the open files and the running terminals.');
    expect(ide).not.toContain('command-line interface');
  });

  it('adds the subagent rule only in subagent runs', () => {
    expect(renderFor(rules)).not.toContain('You are a subagent');
    expect(renderFor(rules, { isSubagentRun: true })).toContain('- You are a subagent: another agent gave you this task');
  });

  it('adds the MCP and multi-root rules only when they apply', () => {
    const plain = renderFor(rules);
    expect(plain).not.toContain('MCP');
    expect(plain).not.toContain('several roots');
    expect(renderFor(rules, { mcpServers: [{ name: 's' }] })).toContain('- Use MCP tools one call at a time');
    expect(renderFor(rules, { isMultiRootEnabled: true, workspaceRoots: [{ path: '/a' }, { path: '/b' }] })).toContain(
      '- The workspace has several roots, listed under SYSTEM INFORMATION.',
    );
  });
});
