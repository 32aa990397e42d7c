import { useEffect, useMemo, useState } from 'react';
import type { ChannelResponse } from '../../../shared/ipc/contract';
import { allPresets } from '../store/context-slice';
import { NONE, studio, useStudio } from '../store';
import { call } from '../store/api';
import { matchScore, registeredCommands } from '../ui/commands';
import type { PaletteMode } from '../store/palette-slice';

interface Item {
  id: string;
  title: string;
  hint?: string | undefined;
  run(): void;
}

const PLACEHOLDERS: Record<PaletteMode, string> = {
  commands: 'Type a command…',
  presets: 'Switch to preset…',
  documents: 'Open a document…',
  recent: 'Open a recent workspace…',
};

type RecentWorkspace = ChannelResponse<'workspace:recent'>[number];

/** The recently opened workspaces (asked when the palette opens on them). */
function useRecentWorkspaces(wanted: boolean): RecentWorkspace[] | null {
  const [recent, setRecent] = useState<RecentWorkspace[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void call('workspace:recent', {}).then((r) => live && setRecent(r ?? []));
    return () => {
      live = false;
    };
  }, [wanted]);
  return recent;
}

export function CommandPalette() {
  const mode = useStudio((s) => s.palette);
  // A new body per opening: the query and the selection start empty each time.
  return mode ? <PaletteBody key={mode} mode={mode} /> : null;
}

function PaletteBody({ mode }: { mode: PaletteMode }) {
  const ws = useStudio((s) => s.workspace);
  const presets = useMemo(() => allPresets(ws), [ws]);
  const documents = useStudio((s) => s.workspace?.documents ?? NONE);
  const variants = useStudio((s) => s.workspace?.variants ?? NONE);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const recent = useRecentWorkspaces(mode === 'recent');

  const items = useMemo<Item[]>(() => {
    const s = studio.getState;
    if (mode === 'presets')
      return presets.map((p) => ({ id: p.name, title: p.name, hint: p.description, run: () => void s().loadPreset(p.name) }));
    if (mode === 'recent') {
      const root = ws?.root ?? null;
      return [
        ...(recent ?? [])
          .filter((r) => r.path !== root)
          .map((r) => ({ id: r.path, title: r.name, hint: r.path, run: () => void s().openFolder(r.path) })),
        ...(ws?.builtin ? [] : [{ id: '(built-in)', title: 'Built-in variants', hint: 'read-only', run: () => void s().openBuiltin() }]),
      ];
    }
    if (mode === 'documents')
      return [
        ...variants.map((v) => ({
          id: `v:${v.id}`,
          title: `Variant ${v.id}`,
          hint: v.description,
          run: () => void s().selectVariant(v.id),
        })),
        ...documents.map((d) => ({ id: d.key, title: d.path, hint: d.title, run: () => void s().openDoc(d.ref) })),
      ];
    const seen = new Set<string>();
    return registeredCommands()
      .filter((c) => (seen.has(c.title) ? false : (seen.add(c.title), true)))
      .map((c) => ({ id: c.id, title: c.title, hint: c.keys, run: c.run }));
  }, [mode, presets, documents, variants, recent, ws]);

  const shown = useMemo(
    () =>
      items
        .map((it) => ({ it, score: matchScore(query, it.hint ? [it.title, it.hint] : [it.title]) }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .map((x) => x.it),
    [items, query],
  );

  const close = (): void => studio.getState().closePalette();
  const choose = (it: Item | undefined): void => {
    if (!it) return;
    close();
    it.run();
  };
  const placeholder = PLACEHOLDERS[mode];
  return (
    <div className="palette-backdrop" onMouseDown={close}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(e) => e.stopPropagation()}
        data-testid="palette"
      >
        <input
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={shown[index] ? `palette-${index}` : undefined}
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setIndex(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
            else if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, shown.length - 1));
            else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
            else if (e.key === 'Enter') choose(shown[index]);
            else return;
            e.preventDefault();
          }}
        />
        <ul id="palette-list" role="listbox">
          {shown.slice(0, 50).map((it, i) => (
            <li
              key={it.id}
              id={`palette-${i}`}
              role="option"
              aria-selected={i === index}
              className={i === index ? 'selected' : ''}
              onMouseEnter={() => setIndex(i)}
              onClick={() => choose(it)}
            >
              <span>{it.title}</span>
              {it.hint && <span className="hint">{it.hint}</span>}
            </li>
          ))}
          {shown.length === 0 && <li className="muted">Nothing matches.</li>}
        </ul>
      </div>
    </div>
  );
}
