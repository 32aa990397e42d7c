// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InstructionDiscovery } from '../../../shared/stack/discovery';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { variantPreview } from '../testing/built-preview';
import { InstructionFiles } from './InstructionFiles';
import { PreviewPane } from './PreviewPane';

// The Monaco views never load here: the prompt tab shows its fallback, the other tabs are plain React.
vi.mock('../monaco/ready', () => ({ monacoReady: () => new Promise<void>(() => {}) }));

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

const discovery: InstructionDiscovery = {
  cwd: '/work/app/pkg',
  worktreeRoot: '/work/app',
  worktreeFrom: 'granted-folder',
  isGitRepo: false,
  flags: { disableClaudePrompts: false, disableProjectConfig: false },
  walk: ['/work/app/pkg', '/work/app'],
  winner: 'AGENTS.md',
  sources: [
    {
      layer: 'project',
      kind: 'file',
      origin: 'AGENTS.md',
      path: '/work/app/AGENTS.md',
      status: 'used',
      reason: 'used',
      content: 'Rules.',
      block: 'Instructions from: /work/app/AGENTS.md\nRules.',
    },
  ],
  // As discovery makes them: project, then global, then configured; the view keeps that order within each layer.
  lookups: [
    {
      layer: 'project',
      target: 'AGENTS.md',
      path: '/work/app/pkg/AGENTS.md',
      directory: '/work/app/pkg',
      status: 'missing',
      reason: 'no such file',
    },
    {
      layer: 'project',
      target: 'AGENTS.md',
      path: '/work/app/AGENTS.md',
      directory: '/work/app',
      status: 'found',
      reason: 'found and used',
    },
    {
      layer: 'project',
      target: 'CLAUDE.md',
      path: '/work/app/pkg/CLAUDE.md',
      directory: '/work/app/pkg',
      status: 'not-looked-for',
      reason: 'AGENTS.md was found first, so later names are not looked for',
    },
    { layer: 'global', target: '{configDirOverride}/AGENTS.md', status: 'disabled', reason: 'OPENCODE_CONFIG_DIR is not set' },
    {
      layer: 'global',
      target: '~/.claude/CLAUDE.md',
      path: '/home/u/.claude/CLAUDE.md',
      status: 'not-granted',
      reason: 'not read: outside the granted folders (/work/app)',
    },
    { layer: 'configured', target: 'docs/*.md', path: '/work/app/docs/*.md', status: 'no-match', reason: 'not found in /work/app' },
  ],
  warnings: [],
};

function stackPreview(seq: number): PreviewResult {
  return {
    seq,
    target: { kind: 'profile', profileId: 'opencode' },
    outcome: {
      ok: true,
      kind: 'stack',
      result: { kind: 'stack', text: 'PROMPT', sections: [], warnings: [], instructions: discovery },
      durationMs: 1,
    },
    baseline: { spec: { kind: 'none' }, text: null },
  };
}

const rowsOf = (layer: string): string[][] =>
  [...screen.getByTestId('instruction-files').querySelectorAll(`[data-layer=${layer}] .lookup`)].map((li) => [
    li.getAttribute('data-tone') ?? '',
    li.querySelector('.lookup-status')!.textContent!.trim(),
    li.querySelector('.lookup-what')!.textContent!,
    li.querySelector('.lookup-reason')!.textContent!,
  ]);

describe('the Instruction files view', () => {
  it('lists every lookup by layer with its status and reason, and the walk with where its root came from', () => {
    const s = setupStore(createFakeApi());
    disconnect = s.disconnect;
    s.store.setState({ target: stackPreview(1).target });
    s.store.getState().applyPreview(stackPreview(1));
    render(<InstructionFiles />);
    const walk = [...screen.getByTestId('instruction-walk').querySelectorAll('dd')].map((d) => d.textContent);
    expect(walk).toEqual([
      '/work/app/pkg',
      '/work/app — no .git found: the granted folder, where the walk up stops',
      'no',
      '/work/app/pkg/work/app',
      'AGENTS.md',
    ]);
    expect([...screen.getByTestId('instruction-walk').querySelectorAll('.walk li')].map((li) => li.textContent)).toEqual([
      '/work/app/pkg',
      '/work/app',
    ]);
    expect([...screen.getByTestId('instruction-files').querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Project files (each folder of the walk; the first name found wins) 1 used of 3 looked at',
      'Global files (the first one found is used) 0 used of 2 looked at',
      'Configured instructions 0 used of 1 looked at',
    ]);
    expect(rowsOf('project')).toEqual([
      ['skipped', '– not there', '/work/app/pkg/AGENTS.md [AGENTS.md]', 'no such file'],
      ['used', '✓ used', '/work/app/AGENTS.md [AGENTS.md]', 'found and used'],
      [
        'skipped',
        '– never looked for',
        '/work/app/pkg/CLAUDE.md [CLAUDE.md]',
        'AGENTS.md was found first, so later names are not looked for',
      ],
    ]);
    expect(rowsOf('global')).toEqual([
      ['disabled', '○ switched off', '{configDirOverride}/AGENTS.md', 'OPENCODE_CONFIG_DIR is not set'],
      [
        'not-granted',
        '⊘ skipped, not granted',
        '/home/u/.claude/CLAUDE.md [~/.claude/CLAUDE.md]',
        'not read: outside the granted folders (/work/app)',
      ],
    ]);
    expect(rowsOf('configured')).toEqual([['skipped', '– no match', '/work/app/docs/*.md [docs/*.md]', 'not found in /work/app']]);
    // Refused and switched-off rows carry classes of their own (styled apart from skipped ones).
    expect(screen.getByTestId('instruction-files').querySelector('.lookup.not-granted')!.getAttribute('data-status')).toBe('not-granted');
    expect(screen.getByTestId('instruction-files').querySelector('.lookup.disabled')!.getAttribute('data-status')).toBe('disabled');
  });

  it('is a preview tab for stack builds only: it goes with a variant build and comes back with the next stack build', () => {
    const s = setupStore(createFakeApi());
    disconnect = s.disconnect;
    // Each result is of the target shown then (results of another target are dropped).
    const show = (r: PreviewResult) => (s.store.setState({ target: r.target }), s.store.getState().applyPreview(r));
    show(stackPreview(1));
    render(<PreviewPane />);
    const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabNames()).toEqual(['Prompt', 'Warnings', 'Instruction files (1 used)']);
    fireEvent.click(screen.getByRole('tab', { name: 'Instruction files (1 used)' }));
    expect(screen.getByTestId('instruction-files').querySelectorAll('.lookup')).toHaveLength(6);
    act(() => show(variantPreview(2, { text: 'VARIANT' })));
    expect(tabNames()).toEqual(['Prompt', 'Warnings']);
    expect(screen.queryByTestId('instruction-files')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Prompt' }).getAttribute('aria-selected')).toBe('true');
    act(() => show(stackPreview(3)));
    expect(tabNames()).toEqual(['Prompt', 'Warnings', 'Instruction files (1 used)']);
  });
});
