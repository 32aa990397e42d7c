/**
 * The promptfoo provider an export ships (provider.mjs): plain JavaScript with no dependency,
 * so `npx promptfoo eval` runs it anywhere. It sends the exact body Variant Studio wrote for
 * the test and column (bodies/), to the base URL and with the key of the standard variables,
 * and answers with the reply's text, its token usage and cost, and (as metadata) the tool calls
 * as the agent reads them — native calls checked against the tool's required parameters, or
 * Cline-style XML calls parsed from the text by the rules of shared/wire/tool-calls.ts.
 * The key goes only into the request's header.
 */
export const PROMPTFOO_PROVIDER_SOURCE = String.raw`// Written by variant-studio export --format promptfoo: sends Variant Studio's exact request bodies.
import { readFile } from 'node:fs/promises';

const WHOLE = new Set(['content', 'diff']);
const esc = (s) => s.replace(/[.*+?^\${}()|[\]\\]/g, '\\$&');

function endpoint(api, base, model) {
  if (api === 'openai-chat') return base + '/chat/completions';
  if (api === 'openai-responses') return base + '/responses';
  if (api === 'anthropic') return base + '/v1/messages';
  return base + '/v1beta/models/' + encodeURIComponent(model) + ':generateContent';
}

function headers(api, key) {
  const h = { 'content-type': 'application/json' };
  if (api === 'anthropic') h['anthropic-version'] = '2023-06-01';
  if (key) {
    if (api === 'anthropic') h['x-api-key'] = key;
    else if (api === 'gemini') h['x-goog-api-key'] = key;
    else h.authorization = 'Bearer ' + key;
  }
  return h;
}

function parse(api, body) {
  const out = { text: '', calls: [], input: 0, output: 0, cached: 0, written: 0 };
  if (api === 'openai-chat') {
    const m = body.choices?.[0]?.message ?? {};
    out.text = m.content ?? '';
    out.calls = (m.tool_calls ?? []).map((c) => ({ name: c.function?.name ?? '', arguments: c.function?.arguments ?? '{}' }));
    out.input = body.usage?.prompt_tokens ?? 0;
    out.output = body.usage?.completion_tokens ?? 0;
    out.cached = body.usage?.prompt_tokens_details?.cached_tokens ?? 0;
  } else if (api === 'openai-responses') {
    for (const item of body.output ?? []) {
      if (item.type === 'message') for (const p of item.content ?? []) if (p.type === 'output_text') out.text += p.text;
      if (item.type === 'function_call') out.calls.push({ name: item.name ?? '', arguments: item.arguments ?? '{}' });
    }
    out.input = body.usage?.input_tokens ?? 0;
    out.output = body.usage?.output_tokens ?? 0;
    out.cached = body.usage?.input_tokens_details?.cached_tokens ?? 0;
  } else if (api === 'anthropic') {
    for (const b of body.content ?? []) {
      if (b.type === 'text') out.text += b.text;
      if (b.type === 'tool_use') out.calls.push({ name: b.name ?? '', arguments: JSON.stringify(b.input ?? {}) });
    }
    const u = body.usage ?? {};
    out.cached = u.cache_read_input_tokens ?? 0;
    out.written = u.cache_creation_input_tokens ?? 0;
    out.input = (u.input_tokens ?? 0) + out.cached + out.written;
    out.output = u.output_tokens ?? 0;
  } else {
    for (const p of body.candidates?.[0]?.content?.parts ?? []) {
      if (typeof p.text === 'string' && p.thought !== true) out.text += p.text;
      if (p.functionCall) out.calls.push({ name: p.functionCall.name ?? '', arguments: JSON.stringify(p.functionCall.args ?? {}) });
    }
    const u = body.usageMetadata ?? {};
    out.input = u.promptTokenCount ?? 0;
    out.output = (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0);
    out.cached = u.cachedContentTokenCount ?? 0;
  }
  return out;
}

function nativeCalls(calls, tools) {
  return calls.map((c) => {
    const problems = [];
    let args = null;
    try {
      const v = JSON.parse(c.arguments || '{}');
      if (v && typeof v === 'object' && !Array.isArray(v)) args = v;
      else problems.push('the arguments are not a JSON object');
    } catch {
      problems.push('the arguments are not valid JSON');
    }
    const tool = tools.find((t) => t.name === c.name);
    if (!tool) problems.push("'" + c.name + "' is not a tool the request defined");
    else if (args) for (const r of tool.required) if (!(r in args)) problems.push("the required parameter '" + r + "' is missing");
    return { name: c.name, arguments: args, problems };
  });
}

function xmlValue(name, v) {
  return WHOLE.has(name) ? v.replace(/^\r?\n/, '').replace(/\r?\n$/, '') : v.trim();
}

function xmlCalls(text, tools) {
  if (!tools.length) return [];
  const open = new RegExp('<(' + tools.map((t) => esc(t.name)).join('|') + ')>', 'g');
  const calls = [];
  let at = 0;
  while (at < text.length) {
    open.lastIndex = at;
    const m = open.exec(text);
    if (!m) break;
    const tool = tools.find((t) => t.name === m[1]);
    const start = m.index + m[0].length;
    const close = '</' + tool.name + '>';
    let end = text.indexOf(close, start);
    for (const p of WHOLE) {
      const po = text.indexOf('<' + p + '>', start);
      if (po >= 0 && (end < 0 || po < end) && tool.params.includes(p)) {
        const pc = text.lastIndexOf('</' + p + '>');
        if (pc > po) end = text.indexOf(close, pc);
      }
    }
    const body = end < 0 ? text.slice(start) : text.slice(start, end);
    const args = {};
    if (tool.params.length) {
      const po = new RegExp('<(' + tool.params.map(esc).join('|') + ')>', 'g');
      let i = 0;
      while (i < body.length) {
        po.lastIndex = i;
        const pm = po.exec(body);
        if (!pm) break;
        const name = pm[1];
        const s = pm.index + pm[0].length;
        const pc = '</' + name + '>';
        const e = WHOLE.has(name) ? body.lastIndexOf(pc) : body.indexOf(pc, s);
        if (e < s) {
          args[name] = xmlValue(name, body.slice(s));
          break;
        }
        if (!(name in args)) args[name] = xmlValue(name, body.slice(s, e));
        i = e + pc.length;
      }
    }
    const problems = tool.required.filter((r) => !(r in args)).map((r) => "the required parameter '" + r + "' is missing");
    if (end < 0) problems.push('the call is not closed (' + close + ' is missing)');
    calls.push({ name: tool.name, arguments: args, problems });
    if (end < 0) break;
    at = end + close.length;
  }
  return calls;
}

export default class VariantStudioProvider {
  constructor(options) {
    this.config = options.config;
    this.providerId = options.id ?? 'variant-studio';
  }

  id() {
    return 'variant-studio:' + this.config.column;
  }

  async callApi(_prompt, context) {
    const c = this.config;
    const test = context?.vars?.test;
    const body = await readFile(new URL(c.bodies.replace('{test}', test), import.meta.url), 'utf8');
    const base = (process.env[c.baseUrlEnv] || c.defaultBaseUrl).replace(/\/+$/, '');
    const key = process.env[c.keyEnv];
    const hide = (s) => (key && key.length >= 4 ? s.split(key).join('<key>') : s);
    let response;
    try {
      response = await fetch(endpoint(c.api, base, c.model), { method: 'POST', headers: headers(c.api, key), body, signal: AbortSignal.timeout(c.timeoutMs ?? 300000) });
    } catch (error) {
      return { error: hide('cannot reach ' + base + ': ' + (error?.message ?? String(error))) };
    }
    const text = await response.text();
    if (!response.ok) return { error: hide('HTTP ' + response.status + ': ' + text.slice(0, 500)) };
    let reply;
    try {
      reply = parse(c.api, JSON.parse(text));
    } catch {
      return { error: hide('the reply is not JSON: ' + text.slice(0, 200)) };
    }
    const toolCalls = c.tools.format === 'native' ? nativeCalls(reply.calls, c.tools.tools) : xmlCalls(reply.text, c.tools.tools);
    const p = c.price;
    const plain = reply.input - reply.cached - reply.written;
    const cost = p ? (plain * p.input + reply.cached * (p.cachedInput ?? p.input) + reply.written * (p.cacheWrite ?? p.input) + reply.output * p.output) / 1e6 : undefined;
    return {
      output: hide(reply.text),
      tokenUsage: { prompt: reply.input, completion: reply.output, total: reply.input + reply.output, cached: reply.cached },
      ...(cost === undefined ? {} : { cost }),
      metadata: { toolCalls },
    };
  }
}
`;
