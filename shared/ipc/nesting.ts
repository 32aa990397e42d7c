/**
 * How deeply a request's data may nest. A context is data from the renderer (or a shared
 * workspace); a context nested thousands of levels deep would overflow the stack of whatever
 * walks it later (JSON.stringify, structured clone, the engine) and turn into an internal
 * error. Requests deeper than this are refused when they are validated.
 */
export const MAX_REQUEST_DEPTH = 64;

/** Whether objects and arrays in `value` nest at most `max` levels (checked without recursion). */
export function nestsWithin(value: unknown, max: number = MAX_REQUEST_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return false;
    for (const child of Object.values(current)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return true;
}
