import type { SystemPromptContext } from '../../../shared/domain/context.js';
import {
  repositoryRulesOptions,
  withRepositoryRules,
  type RealRepository,
  type RepositoryRules,
} from '../../../shared/harness/cline-context.js';
import type { BuildInputs } from '../build-runner.js';
import { realHarnessSetup } from './real-harness.js';

/**
 * A Cline-style context's repository read before its build: the tree it carries, or (with
 * `discovery: real`) the working folder on this machine, only inside a folder the user chose
 * through the host.
 */
export function repositoryRules(context: SystemPromptContext, inputs: BuildInputs): Promise<RepositoryRules> {
  const real: RealRepository = (profile, repo, cwd) =>
    realHarnessSetup(profile, { cwd, settings: repo.settings }, { granted: inputs.grantedFolders ?? [] });
  return withRepositoryRules(context, inputs.snapshot.harnesses, { ...repositoryRulesOptions(inputs.options), real });
}
