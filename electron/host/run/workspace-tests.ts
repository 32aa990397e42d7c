import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { TestFileSchema, type WorkspaceTest } from '../../../shared/wire/test-file.js';

/**
 * The workspace's tests, `tests/<id>.yaml`, read and checked by the host: each bad file is a
 * problem naming the file and the first thing wrong; the others still load. Only plain files
 * directly in tests/ are read (no links out of the workspace), with bounds on their number
 * and size.
 */

export const TESTS_DIR = 'tests';
const MAX_TESTS = 500;
const MAX_TEST_BYTES = 2 * 1024 * 1024;

export interface LoadedTests {
  tests: WorkspaceTest[];
  problems: { file: string; message: string }[];
}

/** One test file's text as a test, or the problem with it (for files that do not come from disk too). */
export function parseTestFile(file: string, text: string): { ok: true; test: WorkspaceTest } | { ok: false; message: string } {
  const id = path.basename(file).replace(/\.ya?ml$/i, '');
  let data: unknown;
  try {
    data = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    return { ok: false, message: `not YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  const parsed = TestFileSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `${issue.path.map(String).join('.') || '(file)'}: ${issue.message}` };
  }
  return { ok: true, test: { ...parsed.data, id, file } };
}

export function loadWorkspaceTests(workspaceRoot: string): LoadedTests {
  const dir = path.join(workspaceRoot, TESTS_DIR);
  const out: LoadedTests = { tests: [], problems: [] };
  let names: string[];
  try {
    names = fs
      .readdirSync(dir)
      .filter((n) => /^[A-Za-z0-9_.-]+\.ya?ml$/.test(n))
      .sort();
  } catch {
    return out;
  }
  if (names.length > MAX_TESTS) {
    out.problems.push({ file: TESTS_DIR, message: `more than ${MAX_TESTS} test files: only the first ${MAX_TESTS} are read` });
    names = names.slice(0, MAX_TESTS);
  }
  const seen = new Set<string>();
  for (const name of names) {
    const file = `${TESTS_DIR}/${name}`;
    const absolute = path.join(dir, name);
    let text: string;
    try {
      const stat = fs.lstatSync(absolute);
      if (!stat.isFile()) {
        out.problems.push({ file, message: 'not a plain file (links are not followed)' });
        continue;
      }
      if (stat.size > MAX_TEST_BYTES) {
        out.problems.push({ file, message: `larger than ${MAX_TEST_BYTES / 1024 / 1024} MB` });
        continue;
      }
      text = fs.readFileSync(absolute, 'utf8');
    } catch (error) {
      out.problems.push({ file, message: `cannot be read: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    const parsed = parseTestFile(file, text);
    if (!parsed.ok) {
      out.problems.push({ file, message: parsed.message });
      continue;
    }
    if (seen.has(parsed.test.id)) {
      out.problems.push({ file, message: `another file already defines test '${parsed.test.id}'` });
      continue;
    }
    seen.add(parsed.test.id);
    out.tests.push(parsed.test);
  }
  return out;
}
