import { z } from 'zod';
import { API_KINDS, type ApiKind } from '../requests/api-kind.js';
import { DEFAULT_BASE_URLS } from './endpoints.js';
import { PriceTableSchema } from './prices.js';

/**
 * Connections to model providers: settings of the user, never workspace data. A connection
 * names an API, a base URL and where its key comes from — the keychain (desktop), the
 * session's memory (browser mode), or an environment variable named here. A key itself is
 * never part of a connection, of this file's schema, or of anything the renderer gets.
 */

const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name');

export const ConnectionSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'ids use letters, digits, _ . - (at most 64)'),
    api: z.enum(API_KINDS),
    /** Default: the provider's (OpenAI's includes /v1). */
    baseUrl: z
      .string()
      .max(2000)
      .regex(/^https?:\/\/[^\s/@]+(\/[^\s]*)?$/, 'an http(s) URL without user name or password')
      .optional(),
    /** The environment variable holding the key (default: the API's standard one). */
    keyEnv: EnvName.optional(),
  })
  .strict();
export type Connection = z.infer<typeof ConnectionSchema>;

export const ConnectionSettingsSchema = z
  .object({
    connections: z.array(ConnectionSchema).max(50).default([]),
    /** Replaces or adds entries of the built-in price table (USD per million tokens). */
    prices: PriceTableSchema.optional(),
    /** Most a run (one send, or one eval) may spend, in dollars (estimated). */
    spendCapUsd: z.number().nonnegative().optional(),
    /** Requests an eval runs at once (default 4). */
    concurrency: z.number().int().min(1).max(32).optional(),
  })
  .strict()
  .refine((s) => new Set(s.connections.map((c) => c.id)).size === s.connections.length, { message: 'connection ids must be unique' });
export type ConnectionSettings = z.infer<typeof ConnectionSettingsSchema>;

/** The standard environment variables of each API: its key, and its base URL. */
export const STANDARD_ENV: Record<ApiKind, { key: string; baseUrl: string }> = {
  'openai-chat': { key: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  'openai-responses': { key: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  anthropic: { key: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  gemini: { key: 'GEMINI_API_KEY', baseUrl: 'GOOGLE_GEMINI_BASE_URL' },
};

/** The key variable of a connection. */
export function keyEnvOf(connection: Connection): string {
  return connection.keyEnv ?? STANDARD_ENV[connection.api].key;
}

export function baseUrlOf(connection: Connection): string {
  return connection.baseUrl ?? DEFAULT_BASE_URLS[connection.api];
}

/**
 * The connections the standard variables describe, one per API whose key or base URL
 * variable is set (ids are the API names): what the CLI uses without --connections.
 */
export function standardConnections(env: Readonly<Record<string, string | undefined>>): Connection[] {
  const out: Connection[] = [];
  for (const api of API_KINDS) {
    const vars = STANDARD_ENV[api];
    const baseUrl = env[vars.baseUrl];
    if (!env[vars.key] && !baseUrl) continue;
    out.push({ id: api, api, ...(baseUrl ? { baseUrl } : {}) });
  }
  return out;
}
