import { describe, expect, it } from 'vitest';
import { capabilities } from './capabilities.js';
import { renderFor } from './__tests__/input.js';

const SERVER = { name: 'db', status: 'connected' as const, tools: [{ name: 'query' }] };

describe('CAPABILITIES_SECTION', () => {
  it('names the working directory, falling back to the process directory', () => {
    expect(renderFor(capabilities, { cwd: '/work/app' })).toContain('the files in the current working directory, /work/app.');
    expect(renderFor(capabilities)).toContain('the files in the current working directory, /tmp.');
  });

  it('mentions the browser only when browser use is supported and browser_action is enabled, with the viewport when known', () => {
    const withTool = { tools: [{ id: 'browser_action', family: 'generic' }] };
    expect(renderFor(capabilities, {}, withTool)).not.toContain('browser_action');
    expect(renderFor(capabilities, { supportsBrowserUse: true })).not.toContain('browser_action');
    const browser = renderFor(capabilities, { supportsBrowserUse: true }, withTool);
    expect(browser).toContain('- browser_action drives a headless browser: you can open pages');
    expect(
      renderFor(capabilities, { supportsBrowserUse: true, browserSettings: { viewport: { width: 1280, height: 800 } } }, withTool),
    ).toContain('drives a headless browser with a 1280x800 pixel viewport:');
  });

  it('mentions MCP only with a connected, enabled server', () => {
    expect(renderFor(capabilities)).not.toContain('MCP');
    expect(renderFor(capabilities, { mcpServers: [{ ...SERVER, status: 'disconnected' }] })).not.toContain('MCP');
    expect(renderFor(capabilities, { mcpServers: [{ ...SERVER, disabled: true }] })).not.toContain('MCP');
    expect(renderFor(capabilities, { mcpServers: [SERVER] })).toContain(
      '- The connected MCP servers, described under MCP SERVERS, give you additional tools and resources.',
    );
  });

  it('describes a multi-root workspace only when it is enabled and has roots', () => {
    const roots = [{ path: '/w/a' }, { path: '/w/b' }];
    expect(renderFor(capabilities, { cwd: '/w/a', workspaceRoots: roots })).not.toContain('multi-root');
    expect(renderFor(capabilities, { cwd: '/w/a', isMultiRootEnabled: true })).not.toContain('multi-root');
    expect(renderFor(capabilities, { cwd: '/w/a', isMultiRootEnabled: true, workspaceRoots: roots })).toContain(
      '- This is a multi-root workspace with 2 roots, listed under SYSTEM INFORMATION; /w/a is the primary one.',
    );
  });

  it('describes command execution after the terminal mode and the environment', () => {
    expect(renderFor(capabilities)).toContain('Each command runs in a new terminal in the editor;');
    expect(renderFor(capabilities, { isCliEnvironment: true })).toContain("Commands run in the user's shell;");
    const background = renderFor(capabilities, { terminalExecutionMode: 'backgroundExec' });
    expect(background).toContain('Commands run as background processes, and their output comes back to you when they finish.');
    expect(background).not.toContain('new terminal');
  });

  it('adds web tools, subagents and skills only when present', () => {
    const plain = renderFor(capabilities);
    expect(plain).not.toContain('search the web');
    expect(plain).not.toContain('subagents');
    expect(plain).not.toContain('SKILLS');
    expect(renderFor(capabilities, { clineWebToolsEnabled: true })).toContain('- You can search the web and fetch web pages');
    expect(renderFor(capabilities, { subagentsEnabled: true })).toContain('to subagents that run on their own');
    expect(renderFor(capabilities, { subagentsEnabled: true, isSubagentRun: true })).not.toContain('subagents');
    expect(renderFor(capabilities, { skills: [{ name: 's', description: 'd' }] })).toContain('- Skills, listed under SKILLS,');
  });

  it('offers follow-up questions only when the agent may ask', () => {
    expect(renderFor(capabilities)).toContain('read files and edit them, and ask the user follow-up questions.');
    const yolo = renderFor(capabilities, { yoloModeToggled: true });
    expect(yolo).toContain('read files and edit them. With them');
    expect(yolo).not.toMatch(/\bask\b/i);
  });
});
