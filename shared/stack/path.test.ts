import fc from 'fast-check';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ancestorsUpTo,
  baseName,
  isAbsolutePath,
  isInsideOrEqual,
  isRootPath,
  joinPath,
  normalizePath,
  parentOf,
  relativeInside,
  samePath,
} from './path.js';

describe('lexical paths', () => {
  it('normalises POSIX paths', () => {
    expect(normalizePath('/a//b/./c/../d/')).toBe('/a/b/d');
    expect(normalizePath('/..')).toBe('/');
    expect(parentOf('/a/b')).toBe('/a');
    expect(parentOf('/')).toBe('/');
    expect(baseName('/a/b.md')).toBe('b.md');
  });

  it('joins like path.resolve: an absolute part restarts', () => {
    expect(joinPath('/repo', 'docs/x.md')).toBe('/repo/docs/x.md');
    expect(joinPath('/repo/sub', '../x.md')).toBe('/repo/x.md');
    expect(joinPath('/repo', '/etc/x')).toBe('/etc/x');
    expect(joinPath('/repo', '.')).toBe('/repo');
  });

  it('handles Windows drive paths with either separator', () => {
    expect(isAbsolutePath('C:\\work')).toBe(true);
    expect(normalizePath('C:/work//repo/../x')).toBe('C:\\work\\x');
    expect(joinPath('C:\\work', 'a/b.md')).toBe('C:\\work\\a\\b.md');
    expect(isInsideOrEqual('c:\\Work\\A', 'C:\\work')).toBe(true);
    expect(ancestorsUpTo('C:\\a\\b', undefined)).toEqual(['C:\\a\\b', 'C:\\a', 'C:\\']);
  });

  it('tells inside from outside without being fooled by prefixes', () => {
    expect(isInsideOrEqual('/repo/a', '/repo')).toBe(true);
    expect(isInsideOrEqual('/repo', '/repo')).toBe(true);
    expect(isInsideOrEqual('/repository', '/repo')).toBe(false);
    expect(relativeInside('/repo', '/repo/a/b.md')).toBe('a/b.md');
    expect(relativeInside('/repo', '/other')).toBeUndefined();
    expect(samePath('/a/b/', '/a/b')).toBe(true);
  });

  it('walks from the start folder up to the stop folder, nearest first', () => {
    expect(ancestorsUpTo('/r/a/b', '/r')).toEqual(['/r/a/b', '/r/a', '/r']);
    expect(ancestorsUpTo('/r', '/r')).toEqual(['/r']);
    expect(ancestorsUpTo('/x/y', undefined)).toEqual(['/x/y', '/x', '/']);
    // A stop folder that is not an ancestor: the walk goes on to the root.
    expect(ancestorsUpTo('/x/y', '/q')).toEqual(['/x/y', '/x', '/']);
  });

  it('agrees with Node on POSIX paths, whichever way (shortcut or full parse) a path takes', () => {
    const segment = fc.constantFrom('a', 'b', '.', '..', '', '.x', '..y', 'c.md', '...', 'd\\e');
    const relative = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segs) => segs.join('/'));
    const abs = fc.array(segment, { maxLength: 8 }).map((segs) => `/${segs.join('/')}`);
    fc.assert(
      fc.property(abs, relative, (p, name) => {
        const resolved = posix.resolve(p);
        expect(isRootPath(p)).toBe(resolved === '/');
        expect(normalizePath(p)).toBe(resolved);
        expect(parentOf(p)).toBe(posix.dirname(resolved));
        expect(joinPath(p, name)).toBe(posix.resolve(p, name));
        expect(joinPath(resolved, name)).toBe(posix.resolve(resolved, name));
        expect(ancestorsUpTo(p, undefined)[0]).toBe(resolved);
      }),
      { numRuns: 3000 },
    );
  });
});
