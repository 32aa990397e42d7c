/**
 * The renderer's Content-Security-Policy, one definition for every place that sets it: the
 * Electron app protocol and the browser-mode server send it as a header with every file,
 * and renderer/index.html may carry CONTENT_SECURITY_POLICY_META in a meta tag as well
 * (a meta tag cannot carry frame-ancestors, so that variant leaves it out).
 *
 * Scripts and workers only from the app itself (no eval, no inline script); styles allow
 * 'unsafe-inline' because Monaco writes style elements at run time; no plugins, frames,
 * forms or base-URL changes; network only back to the app's own origin.
 */
export interface CspOptions {
  /** Extra connect-src sources, e.g. the browser server's exact ws:// origin. */
  connectSrc?: readonly string[];
  /** Development (Vite dev server): allows the inline React refresh preamble and the HMR socket. */
  dev?: boolean;
  /** Leave out directives a meta tag cannot carry. */
  forMeta?: boolean;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])];
  if (options.dev) connect.push('ws:', 'http://localhost:*', 'http://127.0.0.1:*');
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  if (!options.forMeta) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The production policy as a header. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();
/** The production policy for `<meta http-equiv="Content-Security-Policy" content="...">`. */
export const CONTENT_SECURITY_POLICY_META = contentSecurityPolicy({ forMeta: true });
