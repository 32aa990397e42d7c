import type { SystemPromptContext } from '../../domain/context.js';
import type { BuildEnvironment } from '../environment.js';
import { INSTRUCTION_FIELDS } from '../components/builtin/instructions.js';
import type { VolatileField } from './volatile-fields.js';

/**
 * Another session of the same agent: the context with the given volatile fields changed
 * the way they change between sessions (another folder, the next day, another machine,
 * another set of MCP servers, rules, skills or roots), and nothing else. The "two sessions"
 * diff builds under both contexts; the tests use it to change one field at a time.
 */
export function otherSessionContext(
  context: SystemPromptContext,
  env: BuildEnvironment,
  fields: readonly VolatileField[],
): SystemPromptContext {
  const out: SystemPromptContext = { ...context };
  for (const field of fields) {
    if (field === 'cwd') out.cwd = otherFolder(context.cwd || env.processCwd);
    else if (field === 'date') out.date = nextDay(context.date ?? env.currentDate);
    else if (field.startsWith('machine.')) {
      const key = field.slice('machine.'.length) as keyof BuildEnvironment['machine'];
      out.machine = {
        ...env.machine,
        ...out.machine,
        [key]: OTHER_MACHINE[key] === env.machine[key] ? `${env.machine[key]}-2` : OTHER_MACHINE[key],
      };
    } else if (field === 'mcpServers') {
      const servers = context.mcpServers ?? [];
      out.mcpServers =
        servers.length > 0
          ? servers.slice(0, -1)
          : [
              {
                name: 'other-server',
                status: 'connected',
                tools: [{ name: 'lookup', description: 'Looks something up.' }],
                resources: [],
                resourceTemplates: [],
              },
            ];
    } else if (field === 'skills') {
      const skills = context.skills ?? [];
      out.skills =
        skills.length > 0 ? skills.slice(0, -1) : [{ name: 'release-notes', description: 'Write release notes from the git log.' }];
    } else if (field === 'workspaceRoots') {
      const roots = context.workspaceRoots ?? [];
      out.workspaceRoots =
        roots.length > 0
          ? [{ ...roots[0]!, name: `${roots[0]!.name ?? 'root'}-2`, path: otherFolder(roots[0]!.path) }, ...roots.slice(1)]
          : [{ path: '/home/user/other-root', name: 'other-root', vcs: 'git' }];
    } else if ((INSTRUCTION_FIELDS as readonly string[]).includes(field)) {
      const key = field as (typeof INSTRUCTION_FIELDS)[number];
      const text = context[key];
      out[key] = text ? `${text}\n- One more rule from another session.` : '# Rules of another session\n\n- Keep changes small.';
    } else if (field.startsWith('runtimePlaceholders.')) {
      const key = field.slice('runtimePlaceholders.'.length);
      const value = context.runtimePlaceholders?.[key];
      out.runtimePlaceholders = {
        ...context.runtimePlaceholders,
        [key]: `${typeof value === 'string' ? value : JSON.stringify(value ?? '')} (another session)`,
      };
    }
  }
  return out;
}

const OTHER_MACHINE: BuildEnvironment['machine'] = { os: 'macOS 15.2', shell: '/bin/zsh', homeDir: '/Users/someone', platform: 'darwin' };

function otherFolder(path: string): string {
  const slash = path.replace(/[\\/]+$/, '').lastIndexOf('/');
  return slash >= 0 ? `${path.slice(0, slash + 1)}another-project` : `${path}-2`;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '2026-01-16';
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
