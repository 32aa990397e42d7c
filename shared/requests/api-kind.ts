/** The provider APIs a prompt can be exported as a request body for. */
export const API_KINDS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const;
export type ApiKind = (typeof API_KINDS)[number];

export const API_LABELS: Record<ApiKind, string> = {
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini generateContent',
};

export function isApiKind(value: string): value is ApiKind {
  return (API_KINDS as readonly string[]).includes(value);
}
