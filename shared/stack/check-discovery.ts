import { GLOBAL_PATH_PLACEHOLDERS, type StackProfile } from './profile.js';

/** Checks OpenCode discovery fields (stack profiles inline, harness profiles of loader opencode). */
export function checkDiscoveryFields(
  fields: Pick<StackProfile, 'instructionFiles' | 'globalFiles'>,
): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const names = new Set<string>();
  fields.instructionFiles.forEach((f, i) => {
    if (names.has(f.name)) out.push({ path: ['instructionFiles', i, 'name'], message: `duplicate instruction file name '${f.name}'` });
    names.add(f.name);
  });
  fields.globalFiles.forEach((g, i) => {
    for (const m of g.path.matchAll(/\{([^}]*)\}/g)) {
      const name = m[1] ?? '';
      if (!(GLOBAL_PATH_PLACEHOLDERS as readonly string[]).includes(name))
        out.push({
          path: ['globalFiles', i, 'path'],
          message: `unknown placeholder {${name}} (known: ${GLOBAL_PATH_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')})`,
        });
    }
    if (!/^(\{[A-Za-z]+\}|~\/|\/|[A-Za-z]:[\\/])/.test(g.path))
      out.push({ path: ['globalFiles', i, 'path'], message: 'a global location must start with a placeholder, ~/ or an absolute path' });
  });
  return out;
}
