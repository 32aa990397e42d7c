import { useMemo, useState } from 'react';
import type { ExportFormat } from '../../../shared/ipc/contract';
import { API_KINDS, API_LABELS, type ApiKind } from '../../../shared/requests/api-kind';
import { allPresets } from '../store/context-slice';
import { NONE, studio, useStudio } from '../store';
import { focusProfileId, focusVariantId } from '../store/focus';

const FORMATS: [ExportFormat, string, string][] = [
  ['bundle', 'Bundle (.zip)', 'The chosen variants and profiles with everything they need, to import elsewhere or commit.'],
  ['ts', 'TypeScript', 'One module per variant in the shape of a Cline variant config, plus an index.'],
  ['md', 'Rendered prompts', 'Each variant’s prompt under each preset, as Markdown.'],
  ['request', 'API requests', 'Request bodies for each variant under each preset, ready for curl.'],
];

function Checks<T extends string>({
  legend,
  all,
  chosen,
  onChange,
  testId,
  label = (id) => id,
}: {
  legend: string;
  all: readonly T[];
  chosen: T[];
  onChange: (next: T[]) => void;
  testId: string;
  label?: (id: T) => string;
}) {
  if (all.length === 0) return null;
  return (
    <fieldset data-testid={testId}>
      <legend>
        {legend}{' '}
        <button type="button" className="link" onClick={() => onChange(chosen.length === all.length ? [] : [...all])}>
          {chosen.length === all.length ? 'none' : 'all'}
        </button>
      </legend>
      <div className="choices">
        {all.map((id) => (
          <label key={id}>
            <input
              type="checkbox"
              checked={chosen.includes(id)}
              onChange={(e) =>
                onChange(e.target.checked ? all.filter((x) => x === id || chosen.includes(x)) : chosen.filter((x) => x !== id))
              }
            />{' '}
            {label(id)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Choose what to export and how; the host writes it (save dialog) or hands it over as a download. */
export function ExportDialog({ initialFormat }: { initialFormat: ExportFormat }) {
  const ws = useStudio((s) => s.workspace);
  const picked = useStudio((s) => s.bundleSelection);
  const currentVariant = useStudio(focusVariantId);
  const currentProfile = useStudio(focusProfileId);
  const busy = useStudio((s) => s.bundleBusy);
  const variantIds = useMemo(() => (ws?.variants ?? NONE).map((v) => v.id), [ws]);
  const profileIds = useMemo(() => (ws?.profiles ?? NONE).map((p) => p.id), [ws]);
  const presets = useMemo(() => allPresets(ws), [ws]);
  const fromExplorer = picked.variants.length + picked.profiles.length > 0;
  const [format, setFormat] = useState<ExportFormat>(initialFormat);
  const [variants, setVariants] = useState<string[]>(() =>
    fromExplorer ? picked.variants : currentVariant ? [currentVariant] : currentProfile ? [] : variantIds,
  );
  const [profiles, setProfiles] = useState<string[]>(() => (fromExplorer ? picked.profiles : currentProfile ? [currentProfile] : []));
  const [presetNames, setPresetNames] = useState<string[] | null>(null);
  const [rendered, setRendered] = useState(false);
  const [apis, setApis] = useState<ApiKind[]>([...API_KINDS]);
  const bundle = format === 'bundle';
  const usable = presets.filter((p) => bundle || p.kind === 'variant').map((p) => p.name);
  const chosenPresets = presetNames ?? usable;
  const presetsChosen = chosenPresets.filter((p) => usable.includes(p));
  const nothing =
    (variants.length === 0 && (!bundle || profiles.length === 0)) ||
    ((format === 'md' || format === 'request') && presetsChosen.length === 0);
  return (
    <>
      <div className="bundle-body">
        <fieldset>
          <legend>Export as</legend>
          {FORMATS.map(([id, label, hint]) => (
            <label key={id} style={{ display: 'block' }} title={hint}>
              <input type="radio" name="export-format" checked={format === id} onChange={() => setFormat(id)} /> {label}{' '}
              <span className="muted">— {hint}</span>
            </label>
          ))}
        </fieldset>
        <Checks legend="Variants" all={variantIds} chosen={variants} onChange={setVariants} testId="export-variants" />
        {bundle && <Checks legend="Stack profiles" all={profileIds} chosen={profiles} onChange={setProfiles} testId="export-profiles" />}
        <Checks
          legend={bundle ? 'Context presets' : 'Under the presets'}
          all={usable}
          chosen={presetsChosen}
          onChange={setPresetNames}
          testId="export-presets"
        />
        {bundle && (
          <label>
            <input type="checkbox" checked={rendered} onChange={(e) => setRendered(e.target.checked)} /> Include the rendered prompts
            (Markdown and the structured result of each variant under each preset)
          </label>
        )}
        {format === 'request' && (
          <Checks legend="APIs" all={API_KINDS} chosen={apis} onChange={setApis} testId="export-apis" label={(api) => API_LABELS[api]} />
        )}
      </div>
      <div className="buttons">
        <button
          className="primary"
          disabled={busy || nothing || (format === 'request' && apis.length === 0)}
          data-testid="export-run"
          onClick={() =>
            void studio.getState().runExport({
              format,
              variants,
              ...(bundle ? { profiles, rendered } : {}),
              presets: presetsChosen,
              ...(format === 'request' ? { apis } : {}),
            })
          }
        >
          Export
        </button>
        <button disabled={busy} onClick={() => void studio.getState().closeBundleDialog()}>
          Cancel
        </button>
      </div>
    </>
  );
}
