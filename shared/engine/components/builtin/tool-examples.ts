import type { ToolSpec } from '../../../domain/tool.js';
import type { ComponentInput } from '../component-types.js';
import { enabledTools } from '../tool-texts.js';
import { parameterKept } from './facts.js';

/** Which examples of TOOL_USE fit the enabled tools. */
export interface ExampleFlags {
  executeCommand: boolean;
  taskProgress: boolean;
  writeToFile: boolean;
  replaceInFile: boolean;
  newTask: boolean;
  useMcpTool: boolean;
}

export const NO_EXAMPLES: ExampleFlags = {
  executeCommand: false,
  taskProgress: false,
  writeToFile: false,
  replaceInFile: false,
  newTask: false,
  useMcpTool: false,
};

function hasParams(spec: ToolSpec, names: readonly string[]): boolean {
  const params = spec.parameters;
  if (!params) return names.length === 0;
  for (const name of names) if (!params.some((p) => p.name === name)) return false;
  return true;
}

/** Which examples fit: their tool is enabled and has the parameters the example uses (one pass). */
export function exampleFlags(input: ComponentInput): ExampleFlags {
  const flags = { ...NO_EXAMPLES };
  for (const spec of enabledTools(input)) {
    switch (spec.id) {
      case 'execute_command':
        flags.executeCommand = hasParams(spec, ['command', 'requires_approval']);
        break;
      case 'write_to_file':
        flags.writeToFile = hasParams(spec, ['path', 'content']);
        break;
      case 'replace_in_file':
        flags.replaceInFile = hasParams(spec, ['path', 'diff']);
        break;
      case 'new_task':
        flags.newTask = hasParams(spec, ['context']);
        break;
      case 'use_mcp_tool':
        flags.useMcpTool = hasParams(spec, ['server_name', 'tool_name', 'arguments']);
        break;
    }
  }
  flags.taskProgress = flags.executeCommand && parameterKept(input, 'execute_command', 'task_progress');
  return flags;
}
