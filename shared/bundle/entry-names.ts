/**
 * Entry names a bundle may use: portable relative paths that mean the same file on every
 * system. Anything that could leave the folder it is unpacked into, or that two systems
 * would read differently, is refused with the reason.
 */

/** C0 controls and DEL. */
export function isControl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_NAME_LENGTH = 1024;
const MAX_SEGMENT_LENGTH = 255;

/** Why `name` is not a portable file path, or undefined when it is one. */
export function entryNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'has an empty name';
  if (name.includes('\0')) return 'has a NUL character in its name';
  if ([...name].some(isControl)) return 'has a control character in its name';
  if (name.includes('\\')) return 'has a backslash in its name (not portable)';
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'starts with a drive letter';
  if (name.length > MAX_NAME_LENGTH) return `has a name longer than ${MAX_NAME_LENGTH} characters`;
  for (const segment of name.split('/')) {
    if (segment === '..') return "leaves the bundle's folder (..)";
    if (segment === '' || segment === '.') return 'has an empty or . segment in its path';
    if (/[<>:"|?*]/.test(segment)) return 'has a character in its name that Windows does not allow (< > : " | ? *)';
    if (/[. ]$/.test(segment)) return 'has a path segment ending in a dot or a space (not portable)';
    if (WINDOWS_RESERVED.test(segment)) return `uses the reserved name '${segment}' (not portable)`;
    if (segment.length > MAX_SEGMENT_LENGTH) return `has a path segment longer than ${MAX_SEGMENT_LENGTH} characters`;
  }
  return undefined;
}

/** The key under which two names count as the same file on a case-insensitive system. */
export function caseFoldKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * The first pair of paths that differ but would be one file or folder on a case-insensitive
 * system (or after Unicode normalisation), or undefined. Folders count too:
 * `variants/A/x.md` and `variants/a/y.md` would land in one folder there.
 */
export function caseCollision(names: Iterable<string>): [string, string] | undefined {
  const seen = new Map<string, string>();
  for (const name of names) {
    const segments = name.split('/');
    for (let i = 1; i <= segments.length; i++) {
      const path = segments.slice(0, i).join('/');
      const key = caseFoldKey(path);
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, path);
      else if (earlier !== path) return [earlier, path];
    }
  }
  return undefined;
}
