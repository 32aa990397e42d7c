/**
 * Model ids as people paste them: separated by commas, spaces, tabs or line breaks, in any
 * mix ("claude-sonnet-4 gpt-5, o3\nqwen3-coder"). Empty pieces are dropped; order is kept
 * and each id appears once.
 */
export function parseModelIds(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(/[\s,]+/)) if (piece && !out.includes(piece)) out.push(piece);
  return out;
}
