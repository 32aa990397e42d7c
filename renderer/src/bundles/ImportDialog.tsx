import type { ImportPlanView } from '../../../shared/ipc/contract';
import { studio, useStudio } from '../store';
import { undecided, type ImportAction, type ImportChoiceState } from '../store/bundles-slice';

type PlanItem = ImportPlanView['items'][number];

const KIND_LABELS: Record<PlanItem['kind'], string> = {
  variant: 'Variant',
  profile: 'Stack profile',
  harness: 'Harness profile',
  tool: 'Tool',
  component: 'Component',
  preset: 'Context preset',
  'workspace-config': 'Workspace settings',
};

function actionLabel(item: PlanItem, action: ImportAction): string {
  switch (action) {
    case 'add':
      return 'Add';
    case 'overwrite':
      return 'Overwrite mine';
    case 'keep':
      return item.status === 'identical' ? 'Nothing to do' : item.status === 'new' ? 'Skip' : 'Keep mine';
    case 'rename':
      return 'Import under a new id';
  }
}

/** A unified diff from its first hunk on (the file header lines say nothing the row does not). */
function DiffText({ diff }: { diff: string }) {
  const lines = diff.split('\n');
  const first = lines.findIndex((l) => l.startsWith('@@'));
  return (
    <pre className="plan-diff" data-testid="plan-diff">
      {lines.slice(first < 0 ? 0 : first).map((line, i) => (
        <div key={i} className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined}>
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}

function ItemRow({ item, choice }: { item: PlanItem; choice: ImportChoiceState | undefined }) {
  const diff = useStudio((s) => s.importDiff);
  const set = (next: ImportChoiceState | null): void => studio.getState().setImportChoice(item.key, next);
  const name = item.kind === 'workspace-config' ? 'workspace.yaml' : item.id;
  const writes = choice && choice.action !== 'keep';
  return (
    <tr data-testid={`plan-item-${item.key}`}>
      <td>
        <div>
          <span className="muted">{KIND_LABELS[item.kind]}</span> <strong>{name}</strong>{' '}
          <span className={`plan-status ${item.status}`}>{item.status}</span>
        </div>
        <ul className="plan-files">
          {item.files.map((f) => (
            <li key={f.path} className={`plan-file ${f.status}`}>
              <span>{f.status}</span>
              <span className="mono">{f.path}</span>
              {(f.added > 0 || f.removed > 0) && (
                <span className="muted">
                  +{f.added} −{f.removed}
                </span>
              )}
              {(f.status === 'changed' || f.status === 'removed') && (
                <button className="link" onClick={() => void studio.getState().showImportDiff(f.path)}>
                  {diff?.path === f.path ? 'hide diff' : 'diff'}
                </button>
              )}
            </li>
          ))}
        </ul>
        {diff && item.files.some((f) => f.path === diff.path) && <DiffText diff={diff.diff} />}
        {item.caseClash && (
          <div className="plan-unsaved">Differs only by case from your {item.caseClash}: keep yours or import it under a new id.</div>
        )}
        {item.unsaved.length > 0 && (
          <div className="plan-unsaved" role="note">
            {writes ? 'Importing this replaces' : 'You have'} unsaved edits in {item.unsaved.join(', ')}
            {writes ? '.' : ' (kept).'}
          </div>
        )}
      </td>
      <td style={{ width: 230 }}>
        {item.actions.length === 1 ? (
          <span className="muted">{actionLabel(item, item.actions[0]!)}</span>
        ) : (
          <select
            aria-label={`What to do with ${name}`}
            value={choice?.action ?? ''}
            onChange={(e) => {
              const action = e.target.value as ImportAction | '';
              set(action === '' ? null : action === 'rename' ? { action, newId: item.suggestedId } : { action });
            }}
          >
            {!choice && <option value="">Choose…</option>}
            {item.actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(item, a)}
              </option>
            ))}
          </select>
        )}
        {choice?.action === 'rename' && (
          <input
            aria-label={`New id for ${name}`}
            value={choice.newId ?? ''}
            onChange={(e) => set({ action: 'rename', newId: e.target.value.trim() || undefined })}
            style={{ marginTop: 4, width: '100%' }}
          />
        )}
      </td>
    </tr>
  );
}

/** Pick a bundle, see what importing it would change, decide per item, import (everything or nothing). */
export function ImportDialog() {
  const plan = useStudio((s) => s.importPlan);
  const choices = useStudio((s) => s.importChoices);
  const fileDialogs = useStudio((s) => s.fileDialogs);
  const busy = useStudio((s) => s.bundleBusy);
  const open = useStudio((s) => s.workspace);
  const pending = undecided(plan, choices);
  const identical = (plan?.items ?? []).filter((i) => i.status === 'identical');
  const changes = plan ? plan.items.filter((i) => (choices[i.key]?.action ?? 'keep') !== 'keep').length : 0;
  return (
    <>
      <div className="bundle-body">
        {!plan && (
          <div>
            <p>
              Import a bundle into <strong>{open?.name ?? 'the workspace'}</strong>. Nothing is written until you have seen every change and
              chosen what to do.
            </p>
            {fileDialogs ? (
              <button className="primary" disabled={busy} onClick={() => void studio.getState().planFromDialog()}>
                Choose a bundle…
              </button>
            ) : fileDialogs === false ? (
              <label>
                Bundle file{' '}
                <input
                  type="file"
                  accept=".zip,application/zip"
                  data-testid="bundle-file"
                  disabled={busy}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void studio.getState().planFromFile(file);
                  }}
                />
              </label>
            ) : null}
          </div>
        )}
        {plan && (
          <>
            <p className="muted" data-testid="plan-summary">
              {plan.name}: {plan.items.length} item{plan.items.length === 1 ? '' : 's'} from “{plan.sourceWorkspace}”, exported{' '}
              {plan.createdAt.slice(0, 10)} by Variant Studio {plan.appVersion}
              {plan.rendered ? ` (${plan.rendered} rendered prompt files, not imported)` : ''}.
            </p>
            <table className="plan-items">
              <tbody>
                {plan.items
                  .filter((i) => i.status !== 'identical')
                  .map((item) => (
                    <ItemRow key={item.key} item={item} choice={choices[item.key]} />
                  ))}
              </tbody>
            </table>
            {identical.length > 0 && (
              <details data-testid="plan-identical">
                <summary>
                  {identical.length} item{identical.length === 1 ? ' is' : 's are'} identical in the workspace (nothing to do)
                </summary>
                <table className="plan-items">
                  <tbody>
                    {identical.map((item) => (
                      <ItemRow key={item.key} item={item} choice={choices[item.key]} />
                    ))}
                  </tbody>
                </table>
              </details>
            )}
          </>
        )}
      </div>
      <div className="buttons">
        {plan && pending.length > 0 && (
          <span className="muted" data-testid="plan-pending">
            {pending.length} item{pending.length === 1 ? ' needs' : 's need'} a decision
          </span>
        )}
        {plan && (
          <button
            className="primary"
            data-testid="import-run"
            disabled={busy || pending.length > 0}
            onClick={() => void studio.getState().applyImport()}
          >
            {changes === 0 ? 'Done' : `Import ${changes} item${changes === 1 ? '' : 's'}`}
          </button>
        )}
        <button disabled={busy} onClick={() => void studio.getState().closeBundleDialog()}>
          Cancel
        </button>
      </div>
    </>
  );
}
