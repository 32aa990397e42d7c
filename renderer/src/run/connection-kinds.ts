import type { ApiKind } from '../../../shared/requests/api-kind';

/** The kinds of connection the dialog offers to add, with their usual base URL and key variable. */
export interface ConnectionKind {
  id: string;
  label: string;
  api: ApiKind;
  /** Empty: the user gives it. */
  baseUrl: string;
  /** The environment variable usually holding its key (none: local servers need none). */
  keyEnv?: string;
}

export const CONNECTION_KINDS: readonly ConnectionKind[] = [
  { id: 'openai', label: 'OpenAI (Chat Completions)', api: 'openai-chat', baseUrl: 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY' },
  {
    id: 'openai-responses',
    label: 'OpenAI (Responses)',
    api: 'openai-responses',
    baseUrl: 'https://api.openai.com/v1',
    keyEnv: 'OPENAI_API_KEY',
  },
  { id: 'anthropic', label: 'Anthropic Messages', api: 'anthropic', baseUrl: 'https://api.anthropic.com', keyEnv: 'ANTHROPIC_API_KEY' },
  {
    id: 'gemini',
    label: 'Gemini generateContent',
    api: 'gemini',
    baseUrl: 'https://generativelanguage.googleapis.com',
    keyEnv: 'GEMINI_API_KEY',
  },
  {
    id: 'openrouter',
    label: 'OpenRouter (OpenAI-compatible)',
    api: 'openai-chat',
    baseUrl: 'https://openrouter.ai/api/v1',
    keyEnv: 'OPENROUTER_API_KEY',
  },
  { id: 'ollama', label: 'Ollama (OpenAI-compatible)', api: 'openai-chat', baseUrl: 'http://localhost:11434/v1' },
  { id: 'lmstudio', label: 'LM Studio (OpenAI-compatible)', api: 'openai-chat', baseUrl: 'http://localhost:1234/v1' },
  { id: 'vllm', label: 'vLLM (OpenAI-compatible)', api: 'openai-chat', baseUrl: 'http://localhost:8000/v1' },
  { id: 'compatible', label: 'Another OpenAI-compatible server', api: 'openai-chat', baseUrl: '' },
];

/** An id not taken yet: the kind's, else with -2, -3, … */
export function freeId(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}
