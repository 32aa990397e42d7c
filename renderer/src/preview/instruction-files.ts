import type { InstructionDiscovery, InstructionLayer, InstructionLookup } from '../../../shared/stack/discovery';
import { STATUS_WORDS } from '../../../shared/stack/explain';

/**
 * The "why (not)" of a stack build's instruction files, as rows for the preview's
 * "Instruction files" tab: every lookup in the order it was made, grouped by layer.
 */

/** How a row looks: used, refused (outside what the user granted), switched off, or otherwise skipped. */
export type LookupTone = 'used' | 'not-granted' | 'disabled' | 'skipped';

export interface LookupRow {
  /** The path or URL looked at; what was looked for when the lookup did not get that far. */
  what: string;
  /** The profile entry behind it (file name, location template, configured entry), when it differs from `what`. */
  entry: string | null;
  status: InstructionLookup['status'];
  /** The status in words ("used", "never looked for", ...). */
  statusText: string;
  reason: string;
  tone: LookupTone;
}

export interface LayerGroup {
  layer: InstructionLayer;
  title: string;
  rows: LookupRow[];
  used: number;
}

export interface InstructionFilesView {
  cwd: string;
  worktreeRoot: string;
  /** Where the worktree root came from, in words. */
  worktreeFrom: string;
  isGitRepo: boolean;
  /** Folders of the project walk, nearest first. */
  walk: string[];
  winner: string | null;
  groups: LayerGroup[];
}

const LAYER_TITLES: Record<InstructionLayer, string> = {
  project: 'Project files (each folder of the walk; the first name found wins)',
  global: 'Global files (the first one found is used)',
  configured: 'Configured instructions',
};
const LAYER_ORDER: readonly InstructionLayer[] = ['project', 'global', 'configured'];

export const WORKTREE_FROM_WORDS: Record<InstructionDiscovery['worktreeFrom'], string> = {
  context: 'given with the context (on the real disk: where the host found .git)',
  found: 'the nearest folder above holding .git',
  'filesystem-root': 'no .git found: the filesystem root',
  'granted-folder': 'no .git found: the granted folder, where the walk up stops',
};

function toneOf(status: InstructionLookup['status']): LookupTone {
  if (status === 'found') return 'used';
  if (status === 'not-granted' || status === 'disabled') return status;
  return 'skipped';
}

export function lookupRow(l: InstructionLookup): LookupRow {
  const what = l.path ?? l.target;
  const name = l.layer === 'project' && l.companion ? `${l.target} (.local companion)` : l.target;
  return {
    what,
    entry: name === what ? null : name,
    status: l.status,
    statusText: STATUS_WORDS[l.status],
    reason: l.reason,
    tone: toneOf(l.status),
  };
}

export function instructionFilesView(d: InstructionDiscovery): InstructionFilesView {
  const groups: LayerGroup[] = [];
  for (const layer of LAYER_ORDER) {
    const rows = d.lookups.filter((l) => l.layer === layer).map(lookupRow);
    if (rows.length === 0) continue;
    groups.push({ layer, title: LAYER_TITLES[layer], rows, used: rows.filter((r) => r.tone === 'used').length });
  }
  return {
    cwd: d.cwd,
    worktreeRoot: d.worktreeRoot,
    worktreeFrom: WORKTREE_FROM_WORDS[d.worktreeFrom],
    isGitRepo: d.isGitRepo,
    walk: d.walk,
    winner: d.winner ?? null,
    groups,
  };
}
