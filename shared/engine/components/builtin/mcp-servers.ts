import type { McpServer, McpTool } from '../../../domain/context.js';
import { isServerConnected } from './facts.js';

/*
 * The server listing is the only costly text here (input schemas as indented JSON), so it
 * is cached per server object and per schema object. Contexts are immutable values in the
 * engine (parseContext makes fresh objects; the app replaces rather than mutates), so an
 * object's text never goes stale.
 */
const serverTextCache = new WeakMap<McpServer, string>();
const schemaTextCache = new WeakMap<object, string>();
const connectedCache = new WeakMap<readonly McpServer[], McpServer[]>();

const SCHEMA_INDENT = '    ';

function schemaText(schema: Record<string, unknown>): string {
  let text = schemaTextCache.get(schema);
  if (text === undefined) {
    text =
      SCHEMA_INDENT +
      JSON.stringify(schema, null, 2)
        .split('\n')
        .join('\n' + SCHEMA_INDENT);
    schemaTextCache.set(schema, text);
  }
  return text;
}

function toolText(tool: McpTool): string {
  let text = tool.description ? `- ${tool.name}: ${tool.description}` : `- ${tool.name}`;
  if (tool.inputSchema) text += `\n${SCHEMA_INDENT}Input Schema:\n${schemaText(tool.inputSchema)}`;
  return text;
}

function described(head: string, name: string, description: string | undefined): string {
  return description ? `- ${head} (${name}): ${description}` : `- ${head} (${name})`;
}

/** One connected server: its heading, then tools, resource templates and direct resources. */
export function mcpServerText(server: McpServer): string {
  let text = serverTextCache.get(server);
  if (text !== undefined) return text;
  const parts: string[] = [`## ${server.name}`];
  if (server.tools.length > 0) parts.push('### Available Tools\n' + server.tools.map(toolText).join('\n\n'));
  if (server.resourceTemplates.length > 0) {
    parts.push(
      '### Resource Templates\n' + server.resourceTemplates.map((t) => described(t.uriTemplate, t.name, t.description)).join('\n'),
    );
  }
  if (server.resources.length > 0) {
    parts.push('### Direct Resources\n' + server.resources.map((r) => described(r.uri, r.name, r.description)).join('\n'));
  }
  if (parts.length === 1) parts.push('This server currently offers no tools or resources.');
  text = parts.join('\n\n');
  serverTextCache.set(server, text);
  return text;
}

const NO_SERVERS: McpServer[] = [];

/** The servers the agent can use (connected, not disabled), in the context's order. */
export function connectedServers(servers: readonly McpServer[] | undefined): McpServer[] {
  if (!servers || servers.length === 0) return NO_SERVERS;
  let list = connectedCache.get(servers);
  if (!list) {
    list = servers.filter(isServerConnected);
    connectedCache.set(servers, list);
  }
  return list;
}

/** All connected servers' texts, separated by blank lines ('' without any). */
export function mcpServersList(servers: readonly McpServer[]): string {
  let out = '';
  for (const server of servers) out = out ? out + '\n\n' + mcpServerText(server) : mcpServerText(server);
  return out;
}
