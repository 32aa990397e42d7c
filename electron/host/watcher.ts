import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isWorkspacePath } from './workspace-files.js';

/**
 * Watches the workspace files of a folder and reports changed workspace-relative paths in
 * debounced batches (an editor's save is often several events: temp file, rename, chmod).
 * What changed is decided by the receiver, which compares contents, so the app's own saves
 * (whose content it already knows) produce no visible echo.
 */
export class WorkspaceWatcher {
  private watcher?: FSWatcher;
  private pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly realRoot: string,
    private readonly onChanges: (paths: string[]) => void,
    private readonly debounceMs = 100,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Starts watching; resolves once the initial scan is done (changes after that are reported). */
  start(): Promise<void> {
    const root = this.realRoot;
    const watcher = watch(root, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (absolute: string) => {
        const rel = path.relative(root, absolute).split(path.sep).join('/');
        if (rel === '') return false;
        if (rel.startsWith('..')) return true;
        return !isWorkspacePath(rel);
      },
    });
    this.watcher = watcher;
    const report = (absolute: string): void => {
      const rel = path.relative(root, absolute).split(path.sep).join('/');
      if (!rel || rel.startsWith('..')) return;
      this.pending.add(rel);
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => this.flush(), this.debounceMs);
    };
    for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, report);
    watcher.on('error', (error) => this.onError(error));
    return new Promise((resolve) => watcher.once('ready', () => resolve()));
  }

  private flush(): void {
    this.timer = undefined;
    if (this.closed || this.pending.size === 0) return;
    const paths = [...this.pending].sort();
    this.pending.clear();
    try {
      this.onChanges(paths);
    } catch (error) {
      this.onError(error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.watcher?.close();
  }
}
