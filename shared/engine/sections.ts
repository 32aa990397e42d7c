/** The standard section ids (Cline's SystemPromptSection) and standard placeholders. */
export const SECTION_IDS = [
  'AGENT_ROLE_SECTION',
  'TOOL_USE_SECTION',
  'TOOLS_SECTION',
  'MCP_SECTION',
  'EDITING_FILES_SECTION',
  'ACT_VS_PLAN_SECTION',
  'TODO_SECTION',
  'CAPABILITIES_SECTION',
  'SKILLS_SECTION',
  'RULES_SECTION',
  'SYSTEM_INFO_SECTION',
  'OBJECTIVE_SECTION',
  'USER_INSTRUCTIONS_SECTION',
  'FEEDBACK_SECTION',
  'TASK_PROGRESS_SECTION',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Placeholders the builder always knows, in Cline's order: machine facts, then the sections. */
export const STANDARD_PLACEHOLDER_KEYS: readonly string[] = [
  'OS',
  'SHELL',
  'HOME_DIR',
  'WORKING_DIR',
  'MCP_SERVERS_LIST',
  'CWD',
  'SUPPORTS_BROWSER',
  'MODEL_FAMILY',
  'CURRENT_DATE',
  ...SECTION_IDS,
];

const STANDARD_SET = new Set(STANDARD_PLACEHOLDER_KEYS);
export function isStandardPlaceholder(key: string): boolean {
  return STANDARD_SET.has(key);
}
