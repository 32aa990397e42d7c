import { describe, expect, it } from 'vitest';
import type { SystemPromptContextInput } from '../../../domain/context.js';
import { mcp } from './mcp.js';
import { makeInput, render, renderFor } from './__tests__/input.js';

const WEATHER: NonNullable<SystemPromptContextInput['mcpServers']>[number] = {
  name: 'weather',
  status: 'connected',
  tools: [
    {
      name: 'get_forecast',
      description: 'Forecast for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    { name: 'ping' },
  ],
  resources: [
    { uri: 'weather://stations', name: 'Stations', description: 'All weather stations.' },
    { uri: 'weather://now', name: 'Now' },
  ],
  resourceTemplates: [{ uriTemplate: 'weather://city/{name}', name: 'City', description: 'Current weather of a city.' }],
};

const WEATHER_LIST = [
  '## weather',
  '',
  '### Available Tools',
  '- get_forecast: Forecast for a city.',
  '    Input Schema:',
  '    {',
  '      "type": "object",',
  '      "properties": {',
  '        "city": {',
  '          "type": "string"',
  '        }',
  '      },',
  '      "required": [',
  '        "city"',
  '      ]',
  '    }',
  '',
  '- ping',
  '',
  '### Resource Templates',
  '- weather://city/{name} (City): Current weather of a city.',
  '',
  '### Direct Resources',
  '- weather://stations (Stations): All weather stations.',
  '- weather://now (Now)',
].join('\n');

describe('MCP_SECTION', () => {
  it('is empty without servers, and says why', () => {
    const input = makeInput();
    expect(render(mcp, input)).toBe('');
    expect(mcp.emptyReason!(input)).toBe('no MCP servers in the context');
  });

  it('is empty when no server is connected and enabled', () => {
    const one = makeInput({ mcpServers: [{ ...WEATHER, status: 'disconnected' }] });
    expect(render(mcp, one)).toBe('');
    expect(mcp.emptyReason!(one)).toBe("the MCP server 'weather' is not connected or is disabled");
    const two = makeInput({
      mcpServers: [
        { ...WEATHER, disabled: true },
        { ...WEATHER, name: 'b', status: 'connecting' },
      ],
    });
    expect(render(mcp, two)).toBe('');
    expect(mcp.emptyReason!(two)).toBe('none of the 2 MCP servers is connected and enabled');
  });

  it('lists exactly the server, its tools with schemas, resource templates and resources', () => {
    const input = makeInput({ mcpServers: [WEATHER] });
    const vars = mcp.variables(input);
    expect(vars.MCP_SERVERS_LIST).toBe(WEATHER_LIST);
    expect(vars.SERVER_COUNT).toBe(1);
    const text = render(mcp, input);
    expect(text.startsWith('MCP SERVERS\n\nThe Model Context Protocol (MCP)')).toBe(true);
    expect(text).toContain("\n\n# Connected MCP Servers\n\nUse a connected server's tools with use_mcp_tool");
    expect(text.endsWith('to get such a URI.\n\n' + WEATHER_LIST)).toBe(true);
    expect(mcp.emptyReason!(input)).toBeUndefined();
  });

  it('leaves out disconnected and disabled servers and keeps the order of the others', () => {
    const text = renderFor(mcp, {
      mcpServers: [
        { name: 'off', status: 'disconnected', tools: [{ name: 'x' }] },
        { name: 'alpha', tools: [{ name: 'a1', description: 'First.' }] },
        { name: 'disabled', disabled: true, tools: [{ name: 'y' }] },
        { name: 'empty' },
      ],
    });
    expect(text).toContain(
      '## alpha\n\n### Available Tools\n- a1: First.\n\n## empty\n\nThis server currently offers no tools or resources.',
    );
    expect(text).not.toContain('## off');
    expect(text).not.toContain('## disabled');
  });
});
