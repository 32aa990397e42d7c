import { useState } from 'react';
import type { CheckFinding, CheckFindingGroup } from '../../../shared/ipc/contract';
import { groupScope } from '../../../shared/engine/lint/lint-finding';
import { studio } from '../store';
import { openAt } from '../store/open-at';

const ICON: Record<CheckFinding['severity'], string> = { error: '⛔', warning: '⚠', info: 'ℹ' };
export const RANK: Record<CheckFinding['severity'], number> = { error: 0, warning: 1, info: 2 };

function where(f: Pick<CheckFinding, 'file' | 'line' | 'column'>): string {
  return f.line !== undefined ? `${f.file}:${f.line}:${f.column ?? 1}` : f.file;
}

/** Findings about which model gets which variant: the routing table shows why. */
const ROUTING_CODES = new Set(['UNREACHABLE_VARIANT', 'MATCHER_SHADOWED']);

function showRoutingTable(): void {
  studio.getState().openCompare('routing');
  void studio.getState().runRouting();
}

type Occurrence = CheckFindingGroup['occurrences'][number];

function occurrenceName(o: Occurrence): string {
  return [o.variantId, o.preset].filter(Boolean).join(' × ') || 'here';
}

/**
 * Shows the variant and preset an occurrence arises in (the preview follows), then its file at
 * the finding. A context the user edited is not thrown away for it: they are told which preset
 * shows the finding instead.
 */
async function openOccurrence(group: CheckFindingGroup, o: Occurrence | undefined): Promise<void> {
  const s = studio.getState();
  if (o?.variantId && s.workspace?.variants.some((v) => v.id === o.variantId)) await s.selectVariant(o.variantId);
  const preset = o?.preset;
  if (preset && preset !== studio.getState().presetName && s.workspace?.presets.some((p) => p.name === preset)) {
    if (studio.getState().contextEdited)
      s.notify(
        'info',
        `This finding arises under preset ${preset}; your edited context is kept (choose ${preset} in the preset list to see it).`,
      );
    else await s.loadPreset(preset);
  }
  await openAt(group.file, group.line, group.column);
}

/**
 * One entry of the Problems panel: a finding, or identical findings of several variants and
 * presets as one with a count. It says where (click: open the file there), in which variants
 * and presets, and what to change; what each occurrence has of its own (sizes, its own fix)
 * is listed on request, each opening the file with its variant shown.
 */
export function FindingGroupItem({ group }: { group: CheckFindingGroup }) {
  const [open, setOpen] = useState(false);
  const scope = groupScope(group);
  const only = group.count === 1 ? group.occurrences[0] : undefined;
  // Notes say what is, not what is wrong: no fix line.
  const fixes = group.severity !== 'info';
  const fix = group.fix ?? only?.fix;
  const own = group.count > 1 ? group.occurrences.filter((o) => o.detail || (fixes && o.fix)) : [];
  return (
    <li className={`finding ${group.severity}`} data-code={group.code} data-count={group.count}>
      <button
        className="link finding-open"
        onClick={() => void openOccurrence(group, only)}
        title={only && occurrenceName(only) !== 'here' ? `Show ${occurrenceName(only)} and open the file here` : 'Open at this position'}
      >
        <span aria-label={group.severity}>{ICON[group.severity]}</span> <span className="where">{where(group)}</span>{' '}
        <span className="code">{group.code}</span> {group.message}
        {only?.detail && <span className="muted"> ({only.detail})</span>}
        {group.count > 1 && (
          <span className="finding-count" title={`${group.count} identical findings`}>
            {' '}
            ×{group.count}
          </span>
        )}
      </button>
      {scope && (
        <div className="finding-scope muted" data-testid="finding-scope">
          in {scope}
        </div>
      )}
      {fixes && fix && (
        <div className="finding-fix" data-testid="finding-fix">
          Fix: {fix}
        </div>
      )}
      {ROUTING_CODES.has(group.code) && (
        <button className="link small finding-each" onClick={showRoutingTable}>
          Show the routing table
        </button>
      )}
      {own.length > 0 && (
        <>
          <button className="link small finding-each" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide each' : `Each of the ${group.count}`}
          </button>
          {open && (
            <ul className="finding-occurrences" data-testid="finding-occurrences">
              {own.map((o, i) => (
                <li key={i}>
                  <button className="link" title="Show this variant and open the file here" onClick={() => void openOccurrence(group, o)}>
                    {occurrenceName(o)}
                  </button>
                  : {[o.detail, fixes && o.fix ? `fix: ${o.fix}` : undefined].filter(Boolean).join('; ')}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}
