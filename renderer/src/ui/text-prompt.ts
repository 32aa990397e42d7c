import { oneRequest } from './one-request';

export interface TextRequest {
  title: string;
  label: string;
  initial: string;
  confirm: string;
  /** Why a value cannot be taken (null: it can). */
  check(value: string): string | null;
}

/** The one open question that wants a short text (a new id). */
const textRequest = oneRequest<TextRequest, string>();

/** Asks for a short text; resolves with it (trimmed), or null when cancelled. */
export const askText = textRequest.ask;
export const answerText = textRequest.answer;
export const useTextRequest = textRequest.use;
