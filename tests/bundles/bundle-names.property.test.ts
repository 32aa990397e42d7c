import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BundleLimits } from '../../shared/bundle/limits.js';
import { BUNDLE_LIMITS } from '../../shared/bundle/limits.js';
import { BundleRejected } from '../../shared/bundle/rejection.js';
import { readBundleArchive } from '../../electron/host/bundles/read-bundle.js';
import { listZipEntries } from '../../electron/host/bundles/zip-reader.js';
import { craftBundle } from './support/craft-zip.js';

/**
 * Generated entry names and sizes: a bundle is read back exactly when every name is a
 * portable relative path (and no two fold to one file), the total and every entry's ratio
 * stay within the limits; otherwise it is refused with a BundleRejected naming one of its
 * entries (or one of their folders) — never another error, never a partial result.
 */

const GOOD = ['a', 'B', 'x1', '_', '-', 'é', 'E\u0301', 'É', 'ok.md', 'Read Me'];
const BAD = ['.', '..', ' ', '\\', ':', '*', '?', '\0', '\u0001', '\u007f', 'CON', 'nul', 'lpt1', ''];

const token = fc.oneof({ arbitrary: fc.constantFrom(...GOOD), weight: 12 }, { arbitrary: fc.constantFrom(...BAD), weight: 1 });
const segment = fc.array(token, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const prefix = fc.oneof(
  { arbitrary: fc.constant('rendered/'), weight: 10 },
  { arbitrary: fc.constantFrom('/', 'C:/', '', 'variants/', 'variants/v/', 'tools/', 'notes/'), weight: 2 },
);
const name = fc.tuple(prefix, fc.array(segment, { minLength: 1, maxLength: 3 })).map(([p, segments]) => `${p}${segments.join('/')}`);
const content = fc.oneof(
  fc.nat({ max: 3000 }).map((n) => 'a'.repeat(n)),
  fc.string({ unit: 'binary-ascii', maxLength: 1500 }),
);

const LIMITS: BundleLimits = { ...BUNDLE_LIMITS, maxUncompressedBytes: 9000, maxCompressionRatio: 20, ratioFloorBytes: 16 };

function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

/** The spec of a portable entry name, written from the list independently of the reader. */
function portable(n: string): boolean {
  if (n === '' || n.length > 1024 || n.startsWith('/') || /^[A-Za-z]:/.test(n) || n.includes('\\')) return false;
  if ([...n].some((c) => isControl(c.charCodeAt(0)))) return false;
  return n
    .split('/')
    .every(
      (s) =>
        s !== '' &&
        s !== '.' &&
        s !== '..' &&
        s.length <= 255 &&
        !/[<>:"|?*]/.test(s) &&
        !/[. ]$/.test(s) &&
        !/^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i.test(s),
    );
}

/** Where a bundle may put a file (docs/bundles.md), written independently of the reader. */
function inLayout(n: string): boolean {
  const id = '(?!\\.\\.?/)[A-Za-z0-9_.-]+';
  return (
    n.startsWith('rendered/') ||
    n === 'workspace.yaml' ||
    new RegExp(`^(variants|profiles)/${id}/.+$`).test(n) ||
    new RegExp(`^(tools/${id}\\.yaml|components/${id}\\.md|contexts/${id}\\.yaml)$`).test(n)
  );
}

function foldClash(names: string[]): boolean {
  const seen = new Map<string, string>();
  for (const n of names) {
    const parts = n.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const p = parts.slice(0, i).join('/');
      const k = p.normalize('NFC').toLowerCase();
      if (seen.has(k) && seen.get(k) !== p) return true;
      seen.set(k, p);
    }
  }
  return false;
}

describe('bundle entry names and sizes (property)', () => {
  it('reads a bundle back exactly, or refuses it naming one of its entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(name, content, { minKeys: 1, maxKeys: 5 }), async (files) => {
        const names = Object.keys(files);
        const zip = craftBundle(files);
        const namesOk = names.every((n) => portable(n) && inLayout(n)) && !foldClash([...names, 'manifest.json']);
        let sizesOk = true;
        try {
          // The sizes as the archive declares them, without the limits under test.
          const directory = listZipEntries(zip, { ...LIMITS, maxUncompressedBytes: Infinity, maxCompressionRatio: Infinity });
          const total = directory.reduce((n, e) => n + e.size, 0);
          sizesOk =
            total <= LIMITS.maxUncompressedBytes &&
            directory.every((e) => e.size <= LIMITS.maxCompressionRatio * Math.max(e.compressedSize, LIMITS.ratioFloorBytes));
        } catch (error) {
          // Only a name can make an honest archive unreadable (a folder name with content).
          expect(error).toBeInstanceOf(BundleRejected);
          expect(namesOk).toBe(false);
        }
        const expectAccept = namesOk && sizesOk;
        let outcome: { accepted: true; entries: Record<string, string> } | { accepted: false; entry: string | null };
        try {
          const read = await readBundleArchive(zip, { limits: LIMITS });
          outcome = { accepted: true, entries: Object.fromEntries([...read.files, ...read.rendered]) };
        } catch (error) {
          if (!(error instanceof BundleRejected)) throw error;
          outcome = { accepted: false, entry: error.entry };
        }
        if (expectAccept) expect(outcome).toEqual({ accepted: true, entries: files });
        else {
          expect(outcome.accepted).toBe(false);
          // The entry at fault: one of the names, or a folder of one (two folders that fold to one).
          const folders = names.flatMap((n) => n.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/')));
          if (!outcome.accepted) expect([...folders, 'manifest.json']).toContain(outcome.entry);
        }
      }),
      { numRuns: 300 },
    );
  });
});
