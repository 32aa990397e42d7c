import { fsErrorText } from '../../stack/instruction-fs.js';
import { baseName } from '../../stack/path.js';
import type { ClineSdkLocation, ClineSdkProfile } from '../profile/cline-sdk.js';
import { fillSlots } from '../text/fill.js';
import { parseFrontmatter, splitFrontmatter } from '../text/frontmatter.js';
import { expandPathTemplate } from '../run/paths.js';
import { probe, probeFailure, readText, unreadReport } from '../run/read.js';
import type { RunRecorder } from '../run/recorder.js';
import { listRulesFolder } from '../run/rules-folder.js';
import { envValue, type RunInput } from '../run/run-input.js';
import { stringSetting } from '../run/settings.js';

/**
 * Cline's v4 SDK loader (docs/harnesses/cline.md): named rules from fixed places (folders
 * read without recursion), a later place winning a name clash (case-insensitive), sorted by
 * name under one `# Rules` heading after the base prompt.
 */

interface Rule {
  name: string;
  body: string;
  path: string;
}

export async function runClineSdk(profile: ClineSdkProfile, input: RunInput, rec: RunRecorder): Promise<void> {
  const { fs, cwd } = input;
  const home = envValue(input, profile.homeVariable) ?? input.home;
  const clineDir = envValue(input, profile.clineDirVariable) ?? fillSlots(profile.clineDirDefault, { home });
  const slots = { cwd, home, clineDir };
  const byName = new Map<string, Rule>();
  const exts = profile.extensions.map((e) => e.toLowerCase());

  const add = async (path: string, fixedName: string | undefined, group: string): Promise<void> => {
    const read = await readText(fs, path, { decoding: 'lossy-strip-bom' });
    if (!read.ok) {
      rec.file(unreadReport({ path, group }, read));
      return;
    }
    const report = rec.file({ path, group, status: 'loaded', reason: '', bytes: read.size });
    const text = read.text;
    let body = text;
    let name = fixedName ?? stem(baseName(path));
    const fm = splitFrontmatter(text);
    if (fm) {
      const parsed = parseFrontmatter(fm.yaml);
      if (!parsed.ok) {
        report.status = 'skipped';
        report.reason = `frontmatter is not valid YAML (${parsed.error}): the rule is dropped`;
        return;
      }
      if (parsed.data.disabled === true || parsed.data.enabled === false) {
        report.status = 'skipped';
        report.reason = 'disabled in its frontmatter';
        return;
      }
      if (fixedName === undefined && typeof parsed.data.name === 'string' && parsed.data.name.trim() !== '') name = parsed.data.name;
      body = fm.body;
    }
    body = body.trim();
    if (body === '') {
      report.status = 'empty';
      report.reason = 'empty body: the rule is dropped';
      return;
    }
    report.reason = `rule '${name}'`;
    report.text = body;
    const earlier = byName.get(name.toLowerCase());
    if (earlier) {
      const shadowed = rec.files.find((f) => f.path === earlier.path && f.status === 'loaded');
      if (shadowed) {
        shadowed.status = 'skipped';
        shadowed.reason = `rule '${earlier.name}' is replaced by ${path}, a later place with the same name`;
        shadowed.text = undefined;
      }
    }
    byName.set(name.toLowerCase(), { name, body, path });
  };

  for (const location of profile.locations) {
    const { kind, template, name } = describe(location);
    const path = expandPathTemplate(template, slots, home, cwd);
    if (path === undefined) continue;
    const st = await probe(fs, path);
    const group = kind === 'file' ? 'file' : 'rules folder';
    if ((kind === 'folder' || kind === 'folderOrFile') && st.kind === 'directory') {
      let listed;
      try {
        listed = await listRulesFolder(fs, path, {
          recursive: false,
          order: 'in-place',
          skipSymlinks: false,
          accept: (n) => exts.some((e) => n.toLowerCase().endsWith(e)),
        });
      } catch (error) {
        rec.file({ path, group, status: 'unreadable', reason: fsErrorText(error) });
        continue;
      }
      if (listed.cut !== undefined) rec.warn('rules-listing-cut', listed.cut, path);
      for (const f of listed.files) {
        if (profile.skipSymlinkedFiles && f.throughLink) {
          rec.file({ path: f.path, group, status: 'skipped', reason: 'a symlinked rule file is skipped' });
          continue;
        }
        await add(f.path, undefined, group);
      }
    } else if ((kind === 'file' || kind === 'folderOrFile') && st.kind === 'file') {
      await add(path, name, group);
    } else {
      rec.file({
        ...unreadReport({ path, group }, probeFailure(st.kind === 'file' || st.kind === 'directory' ? { kind: 'other', size: 0 } : st)),
        reason: st.kind === 'missing' ? 'not there' : st.kind === 'error' ? st.reason : `not a ${kind === 'file' ? 'file' : 'folder'}`,
      });
    }
  }

  const rules = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const r of rules) {
    const report = rec.files.find((f) => f.path === r.path && f.status === 'loaded');
    if (report) report.placement = 'system';
  }
  let text = '';
  const language = stringSetting(input.settings, profile.settings.preferredLanguage);
  const key = language === undefined ? undefined : profile.languages[language];
  if (profile.preferredLanguageBlock && key !== undefined && key !== profile.defaultLanguage)
    text += fillSlots(profile.languageBlock, { language: key });
  if (rules.length > 0)
    text += fillSlots(profile.rules, {
      rules: rules.map((r) => fillSlots(profile.rule, { name: r.name, content: r.body })).join(profile.ruleSeparator),
    });
  if (text !== '') rec.part({ placement: 'system', label: 'rules', text, files: rules.map((r) => r.path) });
}

function describe(l: ClineSdkLocation): { kind: 'file' | 'folder' | 'folderOrFile'; template: string; name?: string | undefined } {
  if ('file' in l) return { kind: 'file', template: l.file, name: l.name };
  if ('folder' in l) return { kind: 'folder', template: l.folder };
  return { kind: 'folderOrFile', template: l.folderOrFile, name: l.name };
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
