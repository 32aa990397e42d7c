/**
 * The cleanup and template pass of prompt-semantics.md written as the plain regular
 * expressions the rules describe. They are quadratic on hostile input, which is why the
 * engine does not use them; the tests use them as an oracle on small random inputs.
 */
const DIFF = /SEARCH|REPLACE|\+\+\+\+\+\+\+|-------/;

export function referenceCleanup(prompt: string): string {
  if (!prompt) return '';
  return prompt
    .replace(/\n\s*\n\s*\n/g, '\n\n')
    .trim()
    .replace(/====+\s*$/, '')
    .replace(/\n====+\s*\n+\s*====+\n/g, '\n====\n')
    .replace(/====\s*\n\s*====\s*\n/g, '====\n')
    .replace(/^##\s*$[\r\n]*/gm, '')
    .replace(/\n##\s*$[\r\n]*/gm, '')
    .replace(/====+\n(?!\n)([^\n])/g, (match: string, _next: string, offset: number, string: string) => {
      const around = string.slice(Math.max(0, offset - 50), offset) + string.slice(offset, Math.min(string.length, offset + 50));
      return DIFF.test(around) ? match : match.replace(/\n/, '\n\n');
    })
    .replace(/([^\n])\n(?!\n)====+/g, (match: string, prev: string, offset: number, string: string) => {
      const around = string.slice(Math.max(0, offset - 50), offset) + string.slice(offset, Math.min(string.length, offset + 50));
      return DIFF.test(around) ? match : prev + '\n\n' + match.substring(1).replace(/\n/, '');
    })
    .replace(/\n\s*\n\s*\n/g, '\n\n')
    .trim();
}

function nested(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => {
    return current && typeof current === 'object' && key in current ? (current as Record<string, unknown>)[key] : undefined;
  }, obj);
}

export function referenceResolve(template: string, placeholders: Record<string, unknown>): string {
  return template.replace(/\{\{([^}]+)\}\}/g, (match: string, key: string) => {
    const value = nested(placeholders, key.trim());
    if (value !== undefined && value !== null) return typeof value === 'string' ? value : (JSON.stringify(value) as string);
    return match;
  });
}
