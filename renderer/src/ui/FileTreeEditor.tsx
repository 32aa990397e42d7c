import { useState } from 'react';
import { PathText } from './PathText';

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
  // Indented by depth below the shallowest entry, at most four steps: a narrow form keeps its width for the paths.
  const depthOf = (p: string): number => p.split('/').length;
  const top = Math.min(...entries.map(([p]) => depthOf(p)));
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
          const depth = Math.min(4, depthOf(p) - top);
          const isDir = typeof v === 'object' && v !== null && (v as { type?: string }).type === 'dir';
          const content = typeof v === 'string' ? v : ((v as { content?: string }).content ?? '');
          return (
            <li key={p} style={{ paddingLeft: `${depth * 8}px` }}>
              <div className="file-head">
                <span className="file-mark" aria-hidden="true">
                  {isDir ? '▸' : '·'}
                </span>
                <PathText className="mono file-path" path={p} />
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
