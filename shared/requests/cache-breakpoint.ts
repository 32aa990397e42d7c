/**
 * Where Anthropic's `cache_control` breakpoint goes: at the end of the prompt's stable prefix
 * (the part that stays the same from session to session, so the provider can cache it).
 *
 * The engine does not compute the stable prefix yet, so this puts the breakpoint at the end
 * of the system prompt (which caches tools and system together, as agents do today). Once the
 * engine marks volatile ranges, this one function switches to their stable prefix.
 */
export function cacheBreakpoint(result: { text: string }): number {
  return result.text.length;
}
