/**
 * Claude Code hides block-level HTML comments: a comment that starts a line (column 0,
 * outside fenced code) is removed together with the line breaks after it, blank lines
 * included; a line holding spaces stops that. Text after the comment on its closing line
 * stays. Indented, inline, unclosed and code-block comments stay as written.
 */
export function stripBlockHtmlComments(text: string): string {
  if (!text.includes('<!--')) return text;
  let out = '';
  let i = 0;
  let fence: string | undefined;
  while (i < text.length) {
    const nl = text.indexOf('\n', i);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(i, lineEnd);
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence !== undefined) {
      if (f && (f[1] as string)[0] === fence[0] && (f[1] as string).length >= fence.length && /^ {0,3}[`~]+\s*$/.test(line))
        fence = undefined;
    } else if (f) {
      fence = f[1] as string;
    } else if (line.startsWith('<!--')) {
      const close = text.indexOf('-->', i + 4);
      if (close >= 0) {
        let j = close + 3;
        while (j < text.length) {
          if (text.charCodeAt(j) === 10) j++;
          else if (text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) j += 2;
          else break;
        }
        if (j === close + 3 && j < text.length) {
          // Text after the comment on its closing line stays, and is not a line start.
          const rest = text.indexOf('\n', j);
          out += rest < 0 ? text.slice(j) : text.slice(j, rest + 1);
          i = rest < 0 ? text.length : rest + 1;
          continue;
        }
        i = j;
        continue;
      }
    }
    out += nl < 0 ? line : `${line}\n`;
    i = nl < 0 ? text.length : nl + 1;
  }
  return out;
}

/**
 * Every HTML comment removed, wherever it stands (Qwen Code's rules): a comment inside a line
 * leaves its two neighbouring spaces; an unclosed `<!--` and what follows it stay. One pass.
 */
export function stripAllHtmlComments(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<!--', at);
    if (open < 0) break;
    const close = text.indexOf('-->', open + 4);
    if (close < 0) break;
    out += text.slice(at, open);
    at = close + 3;
  }
  return out + text.slice(at);
}
