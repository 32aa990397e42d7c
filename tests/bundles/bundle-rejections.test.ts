import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BUNDLE_LIMITS } from '../../shared/bundle/limits.js';
import { manifestText } from '../../shared/bundle/manifest.js';
import { BundleRejected } from '../../shared/bundle/rejection.js';
import { readBundle } from '../../electron/host/bundles/read-bundle.js';
import { InflateBudget, inflateEntry, listZipEntries, type ZipEntry } from '../../electron/host/bundles/zip-reader.js';
import { craftBundle, craftZip, manifestFor, patchDeclaredSize, sha256 } from './support/craft-zip.js';

/** A bundle from someone else: every reason to refuse it, one test each (readBundle never writes). */

const VARIANT = {
  'variants/mini/variant.yaml':
    'id: mini\nfamily: generic\nversion: 1\ndescription: A mini variant\ncomponentOrder: [AGENT_ROLE_SECTION]\n',
  'variants/mini/template.md': '{{AGENT_ROLE_SECTION}}\n',
};

async function rejection(bytes: Uint8Array): Promise<{ entry: string | null; reason: string }> {
  try {
    await readBundle(bytes);
  } catch (error) {
    if (error instanceof BundleRejected) return { entry: error.entry, reason: error.reason };
    throw error;
  }
  throw new Error('the bundle was accepted');
}

describe('a well-formed bundle', () => {
  it('is read back exactly', async () => {
    const contents = await readBundle(craftBundle({ ...VARIANT, 'rendered/mini/basic.md': 'PROMPT\n' }));
    expect(Object.fromEntries(contents.files)).toEqual(VARIANT);
    expect(Object.fromEntries(contents.rendered)).toEqual({ 'rendered/mini/basic.md': 'PROMPT\n' });
    expect(contents.manifest.sourceWorkspace).toBe('Test');
  });
});

describe('the manifest', () => {
  it('must be there', async () => {
    expect(await rejection(craftBundle(VARIANT, { manifest: null }))).toEqual({
      entry: 'manifest.json',
      reason: 'is missing: every bundle carries one',
    });
  });
  it('must be JSON', async () => {
    expect(await rejection(craftBundle(VARIANT, { manifest: '{"format": ' }))).toEqual({
      entry: 'manifest.json',
      reason: expect.stringMatching(/^is not valid JSON: /),
    });
  });
  it('must be of the known format', async () => {
    expect(
      await rejection(craftBundle(VARIANT, { manifest: manifestText({ ...manifestFor(VARIANT), format: 'zip-of-prompts' as never }) })),
    ).toEqual({
      entry: 'manifest.json',
      reason: `unknown bundle format "zip-of-prompts" (this app reads 'variant-studio-bundle')`,
    });
  });
  it('must not be of a newer format version', async () => {
    expect(
      await rejection(craftBundle(VARIANT, { manifest: manifestText({ ...manifestFor(VARIANT), formatVersion: 2 as never }) })),
    ).toEqual({
      entry: 'manifest.json',
      reason: 'format version 2 is newer than this app reads (up to 1): update Variant Studio to import it',
    });
  });
  it('must not be of an unknown format version', async () => {
    expect(
      await rejection(craftBundle(VARIANT, { manifest: manifestText({ ...manifestFor(VARIANT), formatVersion: 0 as never }) })),
    ).toEqual({
      entry: 'manifest.json',
      reason: 'unknown format version 0',
    });
  });
  it('must have the documented fields', async () => {
    const manifest = manifestFor(VARIANT);
    const broken = JSON.parse(manifestText(manifest)) as { entries: { sha256?: string }[] };
    delete broken.entries[0]!.sha256;
    expect(await rejection(craftBundle(VARIANT, { manifest: JSON.stringify(broken) }))).toEqual({
      entry: 'manifest.json',
      reason: 'is malformed: entries.0.sha256: Invalid input: expected string, received undefined',
    });
  });
  it('must not list an entry twice', async () => {
    const manifest = manifestFor(VARIANT);
    const twice = { ...manifest, entries: [...manifest.entries, manifest.entries[0]!] };
    expect(await rejection(craftBundle(VARIANT, { manifest: JSON.stringify(twice) }))).toEqual({
      entry: 'variants/mini/variant.yaml',
      reason: 'is listed twice in the manifest',
    });
  });
});

describe('sizes and checksums', () => {
  it('a checksum that differs from the manifest', async () => {
    const manifest = manifestFor({ ...VARIANT, 'variants/mini/template.md': '{{AGENT_ROLE_SECTION}}\nchanged\n' });
    manifest.entries.find((e) => e.path === 'variants/mini/template.md')!.size = strToU8(VARIANT['variants/mini/template.md']).length;
    expect(await rejection(craftBundle(VARIANT, { manifest }))).toEqual({
      entry: 'variants/mini/template.md',
      reason: 'checksum mismatch: its SHA-256 differs from the manifest',
    });
  });
  it('a size that differs from the manifest', async () => {
    const manifest = manifestFor(VARIANT);
    manifest.entries.find((e) => e.path === 'variants/mini/template.md')!.size = 3;
    expect(await rejection(craftBundle(VARIANT, { manifest }))).toEqual({
      entry: 'variants/mini/template.md',
      reason: 'size mismatch: the manifest says 3 bytes, the archive 23',
    });
  });
  it('an entry that is not in the manifest', async () => {
    expect(await rejection(craftBundle(VARIANT, { extra: [{ name: 'tools/extra.yaml', data: 'id: extra\n' }] }))).toEqual({
      entry: 'tools/extra.yaml',
      reason: 'is not listed in the manifest',
    });
  });
  it('a manifest entry missing from the archive', async () => {
    const manifest = manifestFor({ ...VARIANT, 'components/GONE.md': 'text' });
    expect(await rejection(craftBundle(VARIANT, { manifest }))).toEqual({
      entry: 'components/GONE.md',
      reason: 'is listed in the manifest but missing from the archive',
    });
  });
  it('an archive header whose declared size the data does not have', async () => {
    const zip = patchDeclaredSize(craftBundle(VARIANT), 'variants/mini/template.md', 30);
    expect(await rejection(zip)).toEqual({
      entry: 'variants/mini/template.md',
      reason: 'size mismatch: the manifest says 23 bytes, the archive 30',
    });
  });
});

describe('entry names', () => {
  const cases: [string, string][] = [
    ['../outside.md', "leaves the bundle's folder (..)"],
    ['variants/mini/../../escape.md', "leaves the bundle's folder (..)"],
    ['/etc/passwd', 'is an absolute path'],
    ['C:/Windows/system.ini', 'starts with a drive letter'],
    ['c:relative.md', 'starts with a drive letter'],
    ['variants\\mini\\x.md', 'has a backslash in its name (not portable)'],
    ['variants/mini/nul\0byte.md', 'has a NUL character in its name'],
    ['variants/mini/bell\u0007.md', 'has a control character in its name'],
    ['variants/mini/line\nbreak.md', 'has a control character in its name'],
    ['variants//mini.md', 'has an empty or . segment in its path'],
    ['variants/./mini.md', 'has an empty or . segment in its path'],
    ['variants/mini/what?.md', 'has a character in its name that Windows does not allow (< > : " | ? *)'],
    ['variants/mini/trailing.', 'has a path segment ending in a dot or a space (not portable)'],
    ['variants/con/variant.yaml', "uses the reserved name 'con' (not portable)"],
  ];
  for (const [name, reason] of cases) {
    it(`refuses ${JSON.stringify(name)}`, async () => {
      expect(await rejection(craftBundle({ ...VARIANT, [name]: 'x' }))).toEqual({ entry: name, reason });
    });
  }
  it('refuses names that differ only by case', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'variants/MINI/notes.md': 'x' }))).toEqual({
      entry: 'variants/MINI',
      reason: "differs from 'variants/mini' only by case (one file on Windows and macOS)",
    });
  });
  it('refuses names that differ only by Unicode normalisation', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'components/CAF\u00c9.md': 'a', 'components/CAFE\u0301.md': 'b' }))).toEqual({
      entry: 'components/CAFE\u0301.md',
      reason: "differs from 'components/CAF\u00c9.md' only by case (one file on Windows and macOS)",
    });
  });
  it('refuses the same name twice', async () => {
    expect(await rejection(craftBundle(VARIANT, { extra: [{ name: 'variants/mini/template.md', data: 'again' }] }))).toEqual({
      entry: 'variants/mini/template.md',
      reason: 'appears twice in the archive (duplicate entry)',
    });
  });
  it('refuses files outside the workspace layout', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'notes/readme.txt': 'hello' }))).toEqual({
      entry: 'notes/readme.txt',
      reason:
        'is not a workspace file (workspace.yaml, models.yaml, variants/<id>/…, components/<ID>.md, tools/<id>.yaml, contexts/<name>.yaml, profiles/<id>/…) or a rendered prompt (rendered/…)',
    });
  });
});

describe('entry types', () => {
  it('refuses a symbolic link', async () => {
    expect(
      await rejection(craftBundle(VARIANT, { extra: [{ name: 'variants/mini/link.md', data: '/etc/passwd', mode: 0o120777 }] })),
    ).toEqual({
      entry: 'variants/mini/link.md',
      reason: 'is a symbolic link; bundles hold only files',
    });
  });
  it('refuses a device', async () => {
    expect(await rejection(craftBundle(VARIANT, { extra: [{ name: 'variants/mini/tty', data: '', mode: 0o020644 }] }))).toEqual({
      entry: 'variants/mini/tty',
      reason: 'is a device or other special file; bundles hold only files',
    });
  });
  it('refuses a named pipe', async () => {
    expect(await rejection(craftBundle(VARIANT, { extra: [{ name: 'variants/mini/fifo', data: '', mode: 0o010644 }] }))).toEqual({
      entry: 'variants/mini/fifo',
      reason: 'is a device or other special file; bundles hold only files',
    });
  });
  it('accepts folder entries and regular files with Unix modes', async () => {
    const zip = craftBundle(VARIANT, {
      extra: [
        { name: 'variants/', data: '', mode: 0o040755 },
        { name: 'variants/mini/', data: '' },
      ],
    });
    expect([...(await readBundle(zip)).files.keys()].sort()).toEqual(['variants/mini/template.md', 'variants/mini/variant.yaml']);
  });
  it('refuses text that is not UTF-8', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'components/BIN.md': new Uint8Array([0xff, 0xfe, 0x00]) }))).toEqual({
      entry: 'components/BIN.md',
      reason: 'is not UTF-8 text',
    });
  });
});

describe('limits', () => {
  it('refuses more than 10,000 entries (counted from the directory, before anything is read)', async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `rendered/x/${i}.md`, data: '', method: 'store' as const }));
    expect(await rejection(craftZip(entries))).toEqual({ entry: null, reason: 'has 10001 entries, more than 10,000' });
  });

  it('refuses more than 50 MB uncompressed (declared), before inflating anything', async () => {
    const zip = patchDeclaredSize(craftBundle(VARIANT), 'variants/mini/template.md', 51 * 1024 * 1024);
    expect(() => listZipEntries(zip)).toThrow(BundleRejected);
    expect(await rejection(zip)).toEqual({ entry: 'variants/mini/template.md', reason: 'brings the bundle past 50 MB uncompressed' });
  });

  it('refuses a declared compression ratio beyond 100:1 before inflating anything', async () => {
    const bomb = new Uint8Array(10 * 1024 * 1024); // zeros: about 10 KB deflated
    const zip = craftBundle({ ...VARIANT, 'rendered/mini/bomb.md': bomb });
    expect(await rejection(zip)).toEqual({ entry: 'rendered/mini/bomb.md', reason: 'declares a compression ratio beyond 100:1' });
  });

  it('stops a bomb whose header lies about its size after a bounded amount of inflating', async () => {
    const bomb = new Uint8Array(10 * 1024 * 1024);
    const declared = 200 * 1024; // about 20:1 against its ~10 KB: passes the directory checks
    // The manifest agrees with the lying header, so only inflating can tell.
    const manifest = manifestFor({ ...VARIANT, 'rendered/mini/bomb.md': bomb });
    manifest.entries.find((e) => e.path === 'rendered/mini/bomb.md')!.size = declared;
    const zip = patchDeclaredSize(
      craftBundle({ ...VARIANT, 'rendered/mini/bomb.md': bomb }, { manifest }),
      'rendered/mini/bomb.md',
      declared,
    );
    const entry = listZipEntries(zip).find((e) => e.name === 'rendered/mini/bomb.md')!;
    const budget = new InflateBudget();
    expect(() => inflateEntry(zip, entry, budget)).toThrow(
      `entry 'rendered/mini/bomb.md': inflates to more than its declared ${declared} bytes (size mismatch)`,
    );
    // One 4 KB step of input inflates to at most about 4 MB: far from the bomb's 10 MB.
    expect(budget.produced).toBeGreaterThan(declared);
    expect(budget.produced).toBeLessThan(declared + 4.2 * 1024 * 1024);
    expect((await rejection(zip)).reason).toBe(`inflates to more than its declared ${declared} bytes (size mismatch)`);
  });

  it('checks the ratio while inflating too', async () => {
    const data = deflateSync(new Uint8Array(5 * 1024 * 1024), { level: 9 });
    const entry: ZipEntry = {
      name: 'bomb',
      isDirectory: false,
      method: 8,
      compressedSize: data.length,
      size: 5 * 1024 * 1024,
      dataStart: 0,
    };
    const budget = new InflateBudget();
    expect(() => inflateEntry(data, entry, budget)).toThrow("entry 'bomb': inflates beyond a compression ratio of 100:1");
    expect(budget.produced).toBeLessThan(100 * Math.max(data.length, 1024) + 4.2 * 1024 * 1024);
  });

  it('counts every entry against the 50 MB total while inflating', async () => {
    const data = deflateSync(strToU8('x'.repeat(4000)));
    const entry: ZipEntry = { name: 'last', isDirectory: false, method: 8, compressedSize: data.length, size: 4000, dataStart: 0 };
    const budget = new InflateBudget();
    budget.produced = BUNDLE_LIMITS.maxUncompressedBytes - 1000;
    expect(() => inflateEntry(data, entry, budget)).toThrow("entry 'last': brings the bundle past 50 MB uncompressed");
  });

  it('refuses an archive larger than 64 MB without reading it', async () => {
    expect(() => listZipEntries(new Uint8Array(BUNDLE_LIMITS.maxArchiveBytes + 1))).toThrow('is larger than 64 MB');
  });

  it('refuses bytes that are not a zip archive', async () => {
    expect(await rejection(strToU8('PK? no, just text that is long enough to look at'))).toEqual({
      entry: null,
      reason: 'is not a zip archive (no end of central directory)',
    });
  });
});

describe('workspace files must load', () => {
  it('refuses invalid YAML, naming the file and the position', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'variants/mini/variant.yaml': 'id: mini\nfamily: [generic\n' }))).toEqual({
      entry: 'variants/mini/variant.yaml',
      reason: expect.stringMatching(/^does not load: line \d+, column \d+: /),
    });
  });
  it('refuses a variant the workspace loader does not accept', async () => {
    expect(
      await rejection(craftBundle({ ...VARIANT, 'variants/mini/variant.yaml': 'id: mini\nfamily: generic\nversion: 1\ndescription: d\n' })),
    ).toEqual({
      entry: 'variants/mini/variant.yaml',
      reason: expect.stringMatching(/^does not load: line 1, column 1: .*\(at componentOrder\)$/),
    });
  });
  it('refuses a variant whose id is not its folder', async () => {
    expect(
      await rejection(
        craftBundle({ ...VARIANT, 'variants/mini/variant.yaml': VARIANT['variants/mini/variant.yaml'].replace('id: mini', 'id: other') }),
      ),
    ).toEqual({
      entry: 'variants/mini/variant.yaml',
      reason: "does not load: line 1, column 5: id 'other' does not match its folder name 'mini' (at id)",
    });
  });
  it('refuses a variant folder without variant.yaml', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'variants/lonely/template.md': 'x' }))).toEqual({
      entry: 'variants/lonely/variant.yaml',
      reason: 'does not load: missing: every variant folder needs a variant.yaml',
    });
  });
  it('refuses a preset that extends one the bundle does not hold', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'contexts/child.yaml': 'extends: parent\ncontext: {}\n' }))).toEqual({
      entry: 'contexts/child.yaml',
      reason: "does not load: line 1, column 10: extends 'parent', but there is no contexts/parent.yaml (at extends)",
    });
  });
  it('refuses a broken stack profile', async () => {
    expect(await rejection(craftBundle({ ...VARIANT, 'profiles/p/profile.yaml': 'id: p\n' }))).toEqual({
      entry: 'profiles/p/profile.yaml',
      reason: expect.stringMatching(/^does not load: /),
    });
  });
});

it('manifest checksums are of the bytes', async () => {
  expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
