import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';
import { fakeAgentCase } from '../capture/fake-agent-case.js';

/**
 * harness:saveCaptureCase: the view's "Save as conformance case…" writes the last capture's
 * cases (what `capture --save-case` writes) — through the save dialog on the desktop (cancel:
 * nothing written), and in browser mode into a new .json file named inside the open workspace,
 * never outside it nor over a file; the payload is checked.
 */

const hosts = hostsClosedAfterEach();
const codexYaml = fs.readFileSync(path.resolve('variants/harnesses/codex/harness.yaml'), 'utf8');
const FAKE = path.resolve('tests/capture/fake-agent.mjs');
const savedHome = process.env.HOME;

let top: string;
beforeEach(() => {
  top = fs.realpathSync(tempDir());
  // The user's home the capture copies global files from: none for Codex here.
  fs.mkdirSync(path.join(top, 'home'));
  process.env.HOME = path.join(top, 'home');
  fs.mkdirSync(path.join(top, 'project'));
  fs.writeFileSync(path.join(top, 'project', 'AGENTS.md'), 'Indent with spaces.\n');
  fs.writeFileSync(path.join(top, 'agent'), `#!/bin/sh\nexec "${process.execPath}" "${FAKE}" "$@" --fake-mode=ok\n`, { mode: 0o755 });
});
afterEach(() => {
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
});

type Capture = { verdict?: { summary: string }; saveCase?: { id: string; fileName: string; cases: number } };

async function captured(options: Parameters<typeof hosts.start>[0] = {}) {
  const ws = writeFiles(tempDir(), { ...miniWorkspace(), 'harnesses/codex/harness.yaml': codexYaml });
  const h = await hosts.start({ initialWorkspace: ws, ...options });
  const project = path.join(top, 'project');
  await h.call('stack:grantFolder', { path: project });
  const r = await h.call<Capture>('harness:capture', { harness: 'codex', cwd: project, bin: path.join(top, 'agent'), allowNetwork: true });
  expect(r.verdict?.summary).toBe('matches codex (observed with 0.171.0) on your 0.171.0');
  expect(r.saveCase).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), fileName: 'capture-codex-0.171.0.cases.json', cases: 1 });
  return { h, ws: fs.realpathSync(ws), project, id: r.saveCase!.id };
}

function expectTheCase(file: string, project: string) {
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { about: string; cases: Record<string, unknown>[] };
  expect(saved.about).toBe('Captured from codex 0.171.0 by variant-studio capture.');
  expect(saved.cases).toEqual([fakeAgentCase(project, expect.stringContaining('variant-studio-capture-home-'))]);
}

describe('harness:saveCaptureCase', () => {
  it('browser mode: writes the cases into the named new file inside the workspace, nowhere else', async () => {
    const { h, ws, project, id } = await captured();
    const outside = await h.raw('harness:saveCaptureCase', { id, path: '../escaped.json' });
    expect(outside.error.code).toBe('PATH_OUTSIDE_WORKSPACE');
    expect((await h.raw('harness:saveCaptureCase', { id, path: path.join(top, 'abs.json') })).error.code).toBe('PATH_OUTSIDE_WORKSPACE');
    fs.symlinkSync(top, path.join(ws, 'link'));
    expect((await h.raw('harness:saveCaptureCase', { id, path: 'link/through.json' })).error.code).toBe('PATH_OUTSIDE_WORKSPACE');
    expect((await h.raw('harness:saveCaptureCase', { id, path: 'cases.txt' })).error.message).toBe("'cases.txt' is not a .json file");
    // The payload is checked: an unknown field, a bad id, no capture by that id.
    expect((await h.raw('harness:saveCaptureCase', { id, path: 'a.json', to: '/tmp' })).error.code).toBe('INVALID_REQUEST');
    expect((await h.raw('harness:saveCaptureCase', { id: '../x', path: 'a.json' })).error.code).toBe('INVALID_REQUEST');
    expect((await h.raw('harness:saveCaptureCase', { id: 'other', path: 'a.json' })).error.code).toBe('NOT_FOUND');
    expect((await h.raw('harness:saveCaptureCase', { id })).error.message).toBe('name the file to write (inside the workspace)');
    expect(fs.readdirSync(top).sort()).toEqual(['agent', 'home', 'project']);

    const r = await h.call('harness:saveCaptureCase', { id, path: 'conformance/codex.json' });
    const file = path.join(ws, 'conformance', 'codex.json');
    expect(r).toEqual({ status: 'saved', path: file, cases: 1 });
    expectTheCase(file, project);
    // Never over a file.
    const again = await h.raw('harness:saveCaptureCase', { id, path: 'conformance/codex.json' });
    expect(again.error).toEqual({
      code: 'CONFLICT',
      message: "'conformance/codex.json' already exists in the workspace: choose another name",
    });
  });

  it('desktop: the save dialog decides; cancelled, nothing is written', async () => {
    const target = path.join(top, 'chosen.json');
    let answer: string | null = null;
    const asked: [string, string | undefined][] = [];
    const { h, project, id } = await captured({
      pickFile: (purpose, name) => {
        asked.push([purpose, name]);
        return Promise.resolve(answer);
      },
    });
    expect(await h.call('harness:saveCaptureCase', { id })).toEqual({ status: 'cancelled' });
    expect(fs.existsSync(target)).toBe(false);
    answer = target;
    // A path from the renderer is not used: the dialog's choice is.
    expect(await h.call('harness:saveCaptureCase', { id, path: 'ignored.json' })).toEqual({ status: 'saved', path: target, cases: 1 });
    expect(asked).toEqual([
      ['export-case', 'capture-codex-0.171.0.cases.json'],
      ['export-case', 'capture-codex-0.171.0.cases.json'],
    ]);
    expectTheCase(target, project);
  });
});
