import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { variantResultOf } from '../store/preview-slice';
import { docKey } from '../../../shared/ipc/doc-key';
import { scanTags } from '../../../shared/engine/text/placeholder-scan';
import { keyUsages, PLACEHOLDER_KEY, readVariantYaml } from '../store/variant-yaml';
import { LAYER_SHORT, LAYER_TEXT } from '../ui/placeholder-layers';
import { studio, useStudio } from '../store';
import { focusVariantId } from '../store/focus';
import { variantYaml } from '../store/components-slice';

/** Keys of `{{...}}` slots in a base template, in order of first use (the engine's own tag scanner). */
export function templateKeys(template: string): string[] {
  const keys = new Set<string>();
  for (const tag of scanTags(template)) {
    const k = tag.raw.trim();
    if (k) keys.add(k);
  }
  return [...keys];
}

function ValueCell({ k, value }: { k: string; value: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (): void => {
    if (draft !== null && draft !== value) void studio.getState().setPlaceholder(k, draft);
    setDraft(null);
  };
  return (
    <input
      className="cell-input"
      aria-label={`Value of ${k}`}
      value={draft ?? value}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}

function NameCell({ k }: { k: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (): void => {
    if (draft !== null && draft !== k) {
      if (!PLACEHOLDER_KEY.test(draft)) studio.getState().notify('error', `'${draft}' is not a placeholder name (letters, digits, _ . -)`);
      else void studio.getState().renamePlaceholder(k, draft, true);
    }
    setDraft(null);
  };
  return (
    <input
      className="cell-input key"
      aria-label={`Name of ${k}`}
      value={draft ?? k}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}

export function PlaceholdersTable() {
  const variantId = useStudio(focusVariantId);
  const config = useStudio((s) => (variantId ? s.docs[docKey({ kind: 'variant-config', variantId })]?.text : undefined));
  const template = useStudio((s) => (variantId ? s.docs[docKey({ kind: 'variant-template', variantId })]?.text : undefined));
  const preview = useDeferredValue(useStudio((s) => s.preview));
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');

  const placeholders = useMemo(() => (config === undefined ? null : readVariantYaml(config)), [config]);
  const result = variantId === null ? undefined : variantResultOf(preview, variantId);
  const layers = useMemo(() => new Map(result?.placeholders.map((p) => [p.key, p]) ?? []), [result]);
  const keys = useMemo(() => (template === undefined ? [] : templateKeys(template)), [template]);
  // Loaded while the table is shown, so an edit applies in the event that asked for it (components-slice.ts).
  useEffect(() => void variantYaml(), []);

  if (!variantId) return <p className="muted pad">Choose a variant in the explorer.</p>;
  if (placeholders?.error)
    return (
      <p className="error pad" role="alert">
        {placeholders.error}
      </p>
    );
  const entries = Object.entries(placeholders?.value?.placeholders ?? {});

  const add = (): void => {
    const k = newKey.trim();
    if (!PLACEHOLDER_KEY.test(k)) {
      studio.getState().notify('error', `'${k}' is not a placeholder name (letters, digits, _ . -)`);
      return;
    }
    void studio
      .getState()
      .setPlaceholder(k, newValue)
      .then((added) => {
        if (!added) return;
        studio.getState().announce(`Added placeholder ${k}`);
        setNewKey('');
        setNewValue('');
      });
  };

  return (
    <div className="placeholders" data-testid="placeholders">
      <h3>Placeholders of {variantId}</h3>
      <table className="grid">
        <thead>
          <tr>
            <th>Name</th>
            <th>Value</th>
            <th>Used in the template</th>
            <th>Supplied now by</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {entries.map(([k, v]) => {
            const used = template === undefined ? [] : keyUsages(template, k);
            const layer = layers.get(k);
            return (
              <tr key={k} data-testid={`placeholder-${k}`}>
                <td>
                  <NameCell k={k} />
                </td>
                <td>
                  <ValueCell k={k} value={v} />
                </td>
                <td>{used.length ? `line ${used.join(', ')}` : <span className="muted">not used</span>}</td>
                <td title={layer ? LAYER_TEXT[layer.layer] : undefined}>{layer ? LAYER_SHORT[layer.layer] : '—'}</td>
                <td>
                  <button className="small" aria-label={`Remove ${k}`} onClick={() => void studio.getState().removePlaceholder(k)}>
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
          <tr className="add-row">
            <td>
              <input
                className="cell-input key"
                placeholder="NEW_KEY"
                aria-label="New placeholder name"
                value={newKey}
                onChange={(e) => setNewKey(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && add()}
              />
            </td>
            <td>
              <input
                className="cell-input"
                placeholder="value"
                aria-label="New placeholder value"
                value={newValue}
                onChange={(e) => setNewValue(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && add()}
              />
            </td>
            <td colSpan={3}>
              <button className="small" onClick={add} disabled={!newKey.trim()}>
                Add placeholder
              </button>
            </td>
          </tr>
        </tbody>
      </table>

      <h3>Every key of the template, and who supplies it now</h3>
      <table className="grid" data-testid="template-keys">
        <thead>
          <tr>
            <th>Key</th>
            <th>Layer</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => {
            const p = layers.get(k);
            return (
              <tr key={k}>
                <td className="mono">{k}</td>
                <td title={p ? LAYER_TEXT[p.layer] : 'No layer supplies it: the slot stays in the prompt as written.'}>
                  {p ? LAYER_SHORT[p.layer] : <span className="warn-text">unresolved</span>}
                </td>
                <td className="mono excerpt">
                  {p ? p.text === '' ? <span className="muted">(empty)</span> : p.text.slice(0, 120) : `{{${k}}}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
