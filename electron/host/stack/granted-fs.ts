import {
  confineInstructionFs,
  joinPath,
  resolveOpencodeGlobals,
  type InstructionFs,
  type ResolvedGlobalLocation,
  type StackContext,
} from '../../../shared/stack/index.js';
import { createNodeInstructionFs } from './node-fs.js';

/**
 * The real disk as the app's builds may read it (docs/stack.md, "Real instruction files in
 * the app"): the folders the user chose through the host, and this machine's standard global
 * instruction locations minus those the user switched off. The locations come from this
 * machine (home, XDG config folder, OPENCODE_CONFIG_DIR), never from a request or a profile.
 */

export interface RealReadGrants {
  /** Folders the user chose (real paths): the working folder's and any other granted one. */
  folders: Iterable<string>;
  /** Ids of standard global locations the user switched off (OPENCODE_STANDARD_GLOBALS). */
  globalsOff?: readonly string[] | undefined;
  /** This machine's environment (default process.env). */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** The standard global locations on this machine, for a context made by createRealStackContext. */
export function machineGlobals(
  context: StackContext,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ResolvedGlobalLocation[] {
  const configDir = context.configDir ?? joinPath(context.homeDir, '.config');
  return resolveOpencodeGlobals({ homeDir: context.homeDir, configDir, cwd: context.cwd, env });
}

export function grantedInstructionFs(
  context: StackContext,
  grants: RealReadGrants,
  inner: InstructionFs = createNodeInstructionFs(),
): InstructionFs {
  const off = new Set(grants.globalsOff ?? []);
  const files: string[] = [];
  const refused = new Map<string, string>();
  for (const location of machineGlobals(context, grants.env)) {
    if (location.path === undefined) continue;
    if (off.has(location.id)) refused.set(location.path, `not read: ${location.name} is switched off in the context form`);
    else files.push(location.path);
  }
  return confineInstructionFs(inner, { folders: [...grants.folders], files, refused });
}
