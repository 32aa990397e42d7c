import type { StackBuildResult } from './build.js';
import type { InstructionDiscovery, InstructionLookup } from './discovery.js';

/**
 * "Why (not)" in words: one line per instruction lookup, grouped by layer, for the CLI's
 * text output and the app's tooltips.
 */

export const STATUS_WORDS: Record<InstructionLookup['status'], string> = {
  found: 'used',
  empty: 'found, empty',
  missing: 'not there',
  unreadable: 'skipped, unreadable',
  'not-granted': 'skipped, not granted',
  'too-large': 'skipped, too large',
  binary: 'skipped, binary',
  'not-a-file': 'skipped, not a file',
  'not-looked-for': 'never looked for',
  disabled: 'switched off',
  duplicate: 'already included',
  dropped: 'dropped by the agent',
  'outside-worktree': 'skipped, outside the worktree',
  'no-match': 'no match',
  'not-fetched': 'not fetched',
  'fetch-failed': 'fetch failed',
};

export function describeLookup(l: InstructionLookup): string {
  const what = l.path ?? l.target;
  const name = l.layer === 'project' ? `${l.target}${l.companion ? ' (.local companion)' : ''}` : l.target;
  return `${l.layer.padEnd(10)} ${STATUS_WORDS[l.status].padEnd(28)} ${what}${what === name ? '' : `  [${name}]`} - ${l.reason}`;
}

export function explainInstructions(d: InstructionDiscovery): string[] {
  const lines = [
    `working directory ${d.cwd}; worktree root ${d.worktreeRoot} (${d.worktreeFrom}); git: ${d.isGitRepo ? 'yes' : 'no'}`,
    `project walk (nearest first): ${d.walk.join(' -> ')}`,
    d.winner ? `project name that won: ${d.winner}` : 'no project instruction file found',
  ];
  for (const l of d.lookups) lines.push(describeLookup(l));
  return lines;
}

/** A short text report of a build: sections, provider choice, warnings, sizes. */
export function describeStackBuild(r: StackBuildResult): string {
  const lines: string[] = [];
  lines.push(
    `profile ${r.profileId}, agent ${r.agent}${r.previousAgent ? ` (previous: ${r.previousAgent})` : ''}, model ${r.modelId} (${r.providerId})`,
  );
  const chosen = r.provider.ruleId ? `rule '${r.provider.ruleId}' -> prompt '${r.provider.promptId}'` : 'no rule matched';
  lines.push(`provider prompt: ${chosen}${r.provider.used ? '' : ' (replaced by the agent prompt)'}`);
  lines.push('sections:');
  for (const s of r.sections) lines.push(`  [${s.start}, ${s.end}) ${s.layer}: ${s.label}`);
  lines.push(`size: ${r.sizes.systemChars} chars, ${r.sizes.systemBytes} bytes, ${r.sizes.systemLines} lines`);
  if (r.warnings.length) {
    lines.push('warnings:');
    for (const w of r.warnings) lines.push(`  ${w.severity} ${w.code}: ${w.message}`);
  }
  lines.push('instruction lookups:');
  for (const l of explainInstructions(r.instructions)) lines.push(`  ${l}`);
  return lines.join('\n');
}
