import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { allPresets } from '../store/context-slice';
import { formatProblem } from '../../../shared/domain/problems';
import type { DocRef, DocumentInfo } from '../../../shared/ipc/contract';
import { useStudio, studio } from '../store';
import { focusProfileId, focusVariantId } from '../store/focus';
import { EntityMenu, entityMenuHandlers, type EntityMenuState } from './EntityMenu';

function variantOf(ref: DocRef): string | null {
  return 'variantId' in ref ? ref.variantId : null;
}

function Group({
  title,
  count,
  children,
  defaultOpen = true,
}: {
  title: string;
  count: number;
  children: React.ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <section className="explorer-group">
      <button className="explorer-group-title" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="chevron">{open ? '▾' : '▸'}</span> {title} <span className="count">{count}</span>
      </button>
      {open && <ul role="list">{children}</ul>}
    </section>
  );
}

function DocItem({ doc, label, menu }: { doc: DocumentInfo; label?: string; menu?: ReturnType<typeof entityMenuHandlers> | undefined }) {
  const active = useStudio((s) => s.activeTab === doc.key);
  const dirty = useStudio((s) => s.docs[doc.key]?.dirty ?? doc.dirty);
  return (
    <li>
      <button
        className={`explorer-item doc${active ? ' active' : ''}`}
        title={doc.path}
        onClick={() => void studio.getState().openDoc(doc.ref)}
        {...menu}
      >
        {label ?? doc.title}
        {dirty && <span className="dirty-dot" aria-label="unsaved" />}
      </button>
    </li>
  );
}

/** `selectionBar`: what is done with the entries picked with Ctrl+click (the export bar; app/ composes it). */
export function Explorer({ selectionBar }: { selectionBar?: ReactNode } = {}) {
  // Rendered in the background (React yields to the event loop meanwhile): a workspace of
  // hundreds of variants lists them without holding back the requests for the first texts.
  const ws = useDeferredValue(useStudio((s) => s.workspace));
  const current = useStudio(focusVariantId);
  const currentProfile = useStudio(focusProfileId);
  const presetName = useStudio((s) => s.presetName);
  const picked = useStudio((s) => s.bundleSelection);
  const presets = useMemo(() => allPresets(ws), [ws]);
  const [menu, setMenu] = useState<EntityMenuState | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  if (!ws)
    return (
      <nav className="explorer" aria-label="Explorer">
        Opening the workspace…
      </nav>
    );
  // By id, once per render: a workspace of hundreds of variants lists them without a search per entry.
  const byVariant = new Map<string, DocumentInfo[]>();
  for (const d of ws.documents) {
    const v = variantOf(d.ref);
    if (!v) continue;
    const list = byVariant.get(v);
    if (list) list.push(d);
    else byVariant.set(v, [d]);
  }
  const infoOf = new Map(ws.variants.map((v) => [v.id, v]));
  const variantIds = [...new Set([...infoOf.keys(), ...byVariant.keys()])].sort();
  const docsOf = (kind: DocRef['kind']) => ws.documents.filter((d) => d.ref.kind === kind);
  const harnessDocs = docsOf('harness-file').sort((a, b) => a.path.localeCompare(b.path));
  const broken = (id: string) => !infoOf.has(id);
  const errors = ws.problems.filter((p) => p.severity === 'error');
  return (
    <nav className="explorer" aria-label="Explorer" data-testid="explorer">
      <div className="explorer-head">
        <strong title={ws.root ?? 'built-in variants'}>{ws.name}</strong>
        {ws.readOnly && <span className="badge">read-only</span>}
      </div>
      {selectionBar}
      {ws.problems.length > 0 && (
        <section className="problems" role="alert" data-testid="problems">
          <h3>
            {errors.length > 0 ? `${errors.length} file problem${errors.length === 1 ? '' : 's'}` : 'Warnings'} — the rest of the workspace
            still works
          </h3>
          <ul>
            {ws.problems.map((p, i) => (
              <li key={i} className={`problem ${p.severity}`}>
                <button
                  className="link"
                  onClick={() => {
                    const doc = ws.documents.find((d) => d.path === p.file);
                    if (doc) void studio.getState().openDoc(doc.ref);
                  }}
                >
                  {formatProblem(p)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Group title="Variants" count={variantIds.length}>
        {variantIds.map((id) => {
          const docs = (byVariant.get(id) ?? []).sort((a, b) => a.path.localeCompare(b.path));
          const info = infoOf.get(id);
          return (
            <li key={id} className="variant-entry">
              <button
                className={`explorer-item variant${current === id ? ' current' : ''}${broken(id) ? ' broken' : ''}${picked.variants.includes(id) ? ' picked' : ''}`}
                aria-current={current === id ? 'true' : undefined}
                title={`${info?.description ?? 'This variant does not load; see the problems above.'}\nCtrl+click: pick for export`}
                onClick={(e) =>
                  e.ctrlKey || e.metaKey ? studio.getState().toggleBundleSelection('variant', id) : void studio.getState().selectVariant(id)
                }
                disabled={broken(id) && docs.length === 0}
                {...entityMenuHandlers({ kind: 'variant', id }, setMenu)}
              >
                {id} {info && <span className="muted">{info.family}</span>}
                {broken(id) && <span className="badge error">broken</span>}
              </button>
              {current === id || broken(id) ? (
                <ul role="list" className="nested">
                  {docs.map((d) => (
                    <DocItem
                      key={d.key}
                      doc={d}
                      label={d.path.split('/').slice(2).join('/')}
                      menu={
                        d.ref.kind === 'component-override'
                          ? entityMenuHandlers(
                              { kind: 'component-override', variantId: d.ref.variantId, componentId: d.ref.componentId },
                              setMenu,
                            )
                          : undefined
                      }
                    />
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </Group>
      <Group title="Stack profiles" count={ws.profiles.length}>
        {ws.profiles.map((p) => (
          <li key={p.id}>
            <button
              className={`explorer-item${currentProfile === p.id ? ' current' : ''}${picked.profiles.includes(p.id) ? ' picked' : ''}`}
              title="Ctrl+click: pick for export"
              onClick={(e) =>
                e.ctrlKey || e.metaKey
                  ? studio.getState().toggleBundleSelection('profile', p.id)
                  : void studio.getState().selectProfile(p.id)
              }
            >
              {p.id}
            </button>
            {currentProfile === p.id && (
              <ul role="list" className="nested">
                {p.agents.map((a) => (
                  <li key={a}>
                    <button className="explorer-item" onClick={() => void studio.getState().selectProfile(p.id, a)}>
                      agent {a}
                    </button>
                  </li>
                ))}
                {ws.documents
                  .filter((d) => d.ref.kind === 'profile-file' && d.ref.profileId === p.id)
                  .map((d) => (
                    <DocItem key={d.key} doc={d} label={d.ref.kind === 'profile-file' ? d.ref.file : d.title} />
                  ))}
              </ul>
            )}
          </li>
        ))}
      </Group>
      <Group title="Harness profiles" count={harnessDocs.length} defaultOpen={false}>
        {harnessDocs.map((d) => (
          <DocItem key={d.key} doc={d} label={d.ref.kind === 'harness-file' ? `${d.ref.harnessId} · ${d.ref.file}` : d.title} />
        ))}
      </Group>
      <Group title="Components" count={ws.components.length} defaultOpen={false}>
        {ws.components.map((c) => (
          <li key={c.id}>
            <button
              className="explorer-item"
              title={c.description}
              onClick={() =>
                c.kind === 'workspace'
                  ? void studio.getState().openDoc({ kind: 'component', componentId: c.id })
                  : studio.getState().openBuiltinComponent(c.id)
              }
            >
              {c.id} <span className="muted">{c.kind}</span>
            </button>
          </li>
        ))}
      </Group>
      <Group title="Tools" count={ws.tools.length} defaultOpen={false}>
        {ws.tools.map((t) => (
          <li key={t.id}>
            <button
              className="explorer-item"
              title={t.families.join(', ')}
              onClick={() => void studio.getState().openDoc({ kind: 'tool', toolId: t.id })}
              {...entityMenuHandlers({ kind: 'tool', id: t.id }, setMenu)}
            >
              {t.id}
            </button>
          </li>
        ))}
      </Group>
      <Group title="Context presets" count={presets.length}>
        {presets.map((p) => (
          <li key={p.name} className="preset-entry">
            <button
              className={`explorer-item${presetName === p.name ? ' current' : ''}`}
              title={p.description}
              onClick={() => void studio.getState().loadPreset(p.name)}
              {...entityMenuHandlers({ kind: 'preset', name: p.name }, setMenu)}
            >
              {p.name}
              {p.kind === 'stack' && <span className="muted"> stack</span>}
            </button>
            <button
              className="icon-button"
              title={`Edit contexts/${p.name}.yaml`}
              aria-label={`Edit preset file ${p.name}`}
              onClick={() => void studio.getState().openDoc({ kind: 'preset', name: p.name })}
            >
              ✎
            </button>
          </li>
        ))}
      </Group>
      {docsOf('workspace-config').map((d) => (
        <DocItem key={d.key} doc={d} label="workspace.yaml" />
      ))}
      {menu && <EntityMenu menu={menu} close={closeMenu} />}
    </nav>
  );
}
