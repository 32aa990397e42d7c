import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicAsync } from '../atomic-save.js';
import type { RunRecord, RunSummary } from '../../../shared/wire/run-result.js';

/**
 * Earlier runs, kept in the user-data folder (never the workspace): one JSON file per run in
 * `<userData>/runs/`, the newest MAX_RUNS kept. They can be listed, reopened and diffed.
 */

export const MAX_RUNS = 200;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export class RunHistory {
  readonly dir: string;

  constructor(userDataDir: string) {
    this.dir = path.join(userDataDir, 'runs');
  }

  async save(record: RunRecord): Promise<void> {
    if (!ID.test(record.id)) throw new Error('bad run id');
    await writeFileAtomicAsync(path.join(this.dir, `${record.id}.json`), `${JSON.stringify(record)}\n`);
    const names = this.names();
    for (const old of names.slice(MAX_RUNS)) await fs.promises.rm(path.join(this.dir, old), { force: true });
  }

  /** Newest first (file names start with the time). */
  private names(): string[] {
    try {
      return fs
        .readdirSync(this.dir)
        .filter((n) => n.endsWith('.json') && ID.test(n.slice(0, -5)))
        .sort()
        .reverse();
    } catch {
      return [];
    }
  }

  open(id: string): RunRecord | undefined {
    if (!ID.test(id)) return undefined;
    try {
      const record = JSON.parse(fs.readFileSync(path.join(this.dir, `${id}.json`), 'utf8')) as RunRecord;
      return record && record.id === id ? record : undefined;
    } catch {
      return undefined;
    }
  }

  list(): RunSummary[] {
    return this.names()
      .map((n) => this.open(n.slice(0, -5)))
      .filter((r): r is RunRecord => r !== undefined)
      .map((r) => ({
        id: r.id,
        at: r.at,
        label: r.label,
        connection: r.connection,
        model: r.model,
        status: r.result.status,
        cost: r.result.cost,
        preview: r.result.reply.text.slice(0, 120),
      }));
  }
}
