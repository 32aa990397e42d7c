import { describe, expect, it } from 'vitest';
import { systemInfo } from './system-info.js';
import { renderFor } from './__tests__/input.js';

describe('SYSTEM_INFO_SECTION', () => {
  it('gives OS, shell, home and working directory from the environment and context', () => {
    expect(renderFor(systemInfo, { cwd: '/home/dev/shop' })).toBe(
      'SYSTEM INFORMATION\n\nOperating system: Linux 6.1\nDefault shell: /bin/zsh\nHome directory: /home/dev\nCurrent working directory: /home/dev/shop',
    );
    expect(renderFor(systemInfo)).toContain('Current working directory: /tmp');
    expect(renderFor(systemInfo, { machine: { os: 'macOS 15', shell: '/bin/fish', homeDir: '/Users/ada' } })).toBe(
      'SYSTEM INFORMATION\n\nOperating system: macOS 15\nDefault shell: /bin/fish\nHome directory: /Users/ada\nCurrent working directory: /tmp',
    );
  });

  it('names the IDE when the context gives one', () => {
    expect(renderFor(systemInfo, { ide: 'Visual Studio Code' })).toContain(
      'Operating system: Linux 6.1\nIDE: Visual Studio Code\nDefault shell: /bin/zsh',
    );
  });

  it('lists the workspace roots only with multi-root enabled', () => {
    const roots = [
      { path: '/home/dev/shop', name: 'shop', vcs: 'git' as const },
      { path: '/home/dev/shared-lib/', vcs: 'none' as const },
      { path: '/home/dev/docs' },
    ];
    const multi = renderFor(systemInfo, { cwd: '/home/dev/shop', isMultiRootEnabled: true, workspaceRoots: roots });
    expect(
      multi.endsWith(
        'Current working directory: /home/dev/shop\n\nWorkspace roots:\n- shop: /home/dev/shop (git) [primary]\n- shared-lib: /home/dev/shared-lib/ (no version control)\n- docs: /home/dev/docs',
      ),
    ).toBe(true);
    expect(renderFor(systemInfo, { cwd: '/home/dev/shop', workspaceRoots: roots })).not.toContain('Workspace roots');
    expect(renderFor(systemInfo, { isMultiRootEnabled: true })).not.toContain('Workspace roots');
  });
});
