import type { BuiltinComponent } from '../component-types.js';
import { connectedServers } from './mcp-servers.js';
import { builtinVariables } from './variables.js';

export const mcp: BuiltinComponent = {
  id: 'MCP_SECTION',
  title: 'MCP servers',
  description:
    'The connected MCP servers (status connected, not disabled) with their tools and input schemas, resource templates and direct resources, and how to use them. Empty without a connected server.',
  defaultTemplate: `{{#if HAS_MCP}}
MCP SERVERS

The Model Context Protocol (MCP) lets you reach servers running alongside the user's environment that add tools and data sources of their own.

# Connected MCP Servers

Use a connected server's tools with use_mcp_tool, giving the server's name, the tool's name and the arguments as a JSON object that follows the tool's input schema. Read a server's resources with access_mcp_resource, giving the server's name and the resource's URI; fill in the placeholders of a resource template to get such a URI.

{{MCP_SERVERS_LIST}}{{/if}}`,
  variables: builtinVariables,
  emptyReason(input) {
    const all = input.context.mcpServers ?? [];
    if (all.length === 0) return 'no MCP servers in the context';
    if (connectedServers(all).length > 0) return undefined;
    if (all.length === 1) return `the MCP server '${all[0]!.name}' is not connected or is disabled`;
    return `none of the ${all.length} MCP servers is connected and enabled`;
  },
};
