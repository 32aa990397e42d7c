import { ComponentRegistry } from '../component-registry.js';
import type { BuiltinComponent } from '../component-types.js';
import { actVsPlan } from './act-vs-plan.js';
import { agentRole } from './agent-role.js';
import { capabilities } from './capabilities.js';
import { editingFiles } from './editing-files.js';
import { feedback } from './feedback.js';
import { mcp } from './mcp.js';
import { objective } from './objective.js';
import { rules } from './rules.js';
import { skills } from './skills.js';
import { systemInfo } from './system-info.js';
import { taskProgress } from './task-progress.js';
import { todo } from './todo.js';
import { toolUse } from './tool-use.js';
import { toolsSection } from './tools.js';
import { userInstructions } from './user-instructions.js';

export {
  actVsPlan,
  agentRole,
  capabilities,
  editingFiles,
  feedback,
  mcp,
  objective,
  rules,
  skills,
  systemInfo,
  taskProgress,
  todo,
  toolUse,
  toolsSection,
  userInstructions,
};

/**
 * The built-in components, one per standard section id, in the standard section order
 * (SECTION_IDS). Their variables are listed in docs/components.md.
 */
export const BUILTIN_COMPONENTS: readonly BuiltinComponent[] = [
  agentRole,
  toolUse,
  toolsSection,
  mcp,
  editingFiles,
  actVsPlan,
  todo,
  capabilities,
  skills,
  rules,
  systemInfo,
  objective,
  userInstructions,
  feedback,
  taskProgress,
];

/** A registry holding every built-in component (a fresh one each call, safe to extend). */
export function createBuiltinRegistry(): ComponentRegistry {
  const registry = new ComponentRegistry();
  for (const component of BUILTIN_COMPONENTS) registry.registerBuiltin(component);
  return registry;
}
