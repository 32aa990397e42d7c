/**
 * Texts that make byte-pair encoding slow: long runs without a break of one character class
 * (byte-pair encoding takes time that grows faster than the length of such a run), with
 * varied characters so no cache helps. Used by the token-count benchmark and the token tests.
 */
export function hostileTokenTexts(size: number): Record<string, string> {
  let seed = 12345;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed >> 8) % n;
  };
  const pick = (alphabet: string, length: number): string => {
    const chars = Array.from(alphabet);
    let out = '';
    for (let i = 0; i < length; i++) out += chars[random(chars.length)];
    return out;
  };
  const cjk = Array.from({ length: 2000 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join('');
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const symbols = '=+-*#~^|<>_&%$@!?:;.,/\\';
  const fill = (make: () => string): string => {
    let out = '';
    while (out.length < size) out += make();
    return out.slice(0, size);
  };
  return {
    'A run': 'A'.repeat(size),
    'letter run (random case)': fill(() => pick(letters, 10_000)),
    'CJK run': fill(() => pick(cjk, 10_000)),
    'CJK in 60-letter runs': fill(() => `${pick(cjk, 60)}。`),
    'symbol run': fill(() => pick(symbols, 10_000)),
    'spaces and line breaks': fill(() => pick(' \n\t', 10_000)),
    'no clean cut (a1;)': fill(() => `${pick(letters, 3)}${random(10)};`),
    mixed: fill(() =>
      [
        pick(letters, 3000),
        pick(cjk, 2000),
        ' '.repeat(3000),
        pick(symbols, 2000),
        `${pick(cjk, 60)}。`.repeat(20),
        'word '.repeat(50),
      ].join(''),
    ),
  };
}
