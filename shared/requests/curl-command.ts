import type { ApiKind } from './api-kind.js';

/** How to send an exported body with curl (the key comes from the environment). */
export function curlCommand(api: ApiKind, bodyFile: string, model: string): string {
  const data = `-d @${bodyFile}`;
  switch (api) {
    case 'openai-chat':
      return `curl https://api.openai.com/v1/chat/completions -H "Authorization: Bearer $OPENAI_API_KEY" -H "Content-Type: application/json" ${data}`;
    case 'openai-responses':
      return `curl https://api.openai.com/v1/responses -H "Authorization: Bearer $OPENAI_API_KEY" -H "Content-Type: application/json" ${data}`;
    case 'anthropic':
      return `curl https://api.anthropic.com/v1/messages -H "x-api-key: $ANTHROPIC_API_KEY" -H "anthropic-version: 2023-06-01" -H "Content-Type: application/json" ${data}`;
    case 'gemini':
      return `curl "https://generativelanguage.googleapis.com/v1beta/models/${encodeURIComponent(model)}:generateContent" -H "x-goog-api-key: $GEMINI_API_KEY" -H "Content-Type: application/json" ${data}`;
  }
}
