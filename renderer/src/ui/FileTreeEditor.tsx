import { useState } from 'react';

type Tree = Record<string, unknown>;

/** A virtual file tree: absolute path -> file text (or a folder). Shared by the stack context and the harness view. */
export function FileTreeEditor({
  files,
  onChange,
  newPath = '/home/user/project/AGENTS.md',
}: {
  files: Tree;
  onChange(files: Tree | undefined): void;
  /** The path the add box starts with. */
  newPath?: string;
}) {
  const [path, setPath] = useState(newPath);
  const entries = Object.entries(files).sort(([a], [b]) => a.localeCompare(b));
  const set = (p: string, v: unknown): void => {
    const next = { ...files };
    if (v === undefined) delete next[p];
    else next[p] = v;
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <div className="file-tree wide" data-testid="file-tree">
      {entries.length === 0 && <p className="muted">No files: no instruction file is found.</p>}
      <ul>
        {entries.map(([p, v]) => {
          const depth = p.split('/').length - 2;
          const isDir = typeof v === 'object' && v !== null && (v as { type?: string }).type === 'dir';
          const content = typeof v === 'string' ? v : ((v as { content?: string }).content ?? '');
          return (
            <li key={p} style={{ paddingLeft: `${Math.max(0, depth) * 8}px` }}>
              <div className="file-head">
                <span className="mono">
                  {isDir ? '▸' : '·'} {p}
                </span>
                <button className="small" aria-label={`Remove ${p}`} onClick={() => set(p, undefined)}>
                  Remove
                </button>
              </div>
              {!isDir && <textarea aria-label={`Content of ${p}`} rows={3} value={content} onChange={(e) => set(p, e.target.value)} />}
            </li>
          );
        })}
      </ul>
      <div className="row">
        <input aria-label="New file path" className="mono" value={path} onChange={(e) => setPath(e.target.value)} />
        <button className="small" disabled={!path.startsWith('/')} onClick={() => set(path, files[path] ?? '')}>
          Add file
        </button>
        <button className="small" disabled={!path.startsWith('/')} onClick={() => set(path, { type: 'dir' })}>
          Add folder
        </button>
      </div>
    </div>
  );
}
