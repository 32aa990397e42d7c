import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { API_KINDS } from '../../../shared/requests/api-kind.js';
import { writeFileAtomicAsync } from '../atomic-save.js';

/**
 * Recorded replies in the workspace's `tests/recordings/`, one file per request: its name is
 * the request's key (shared/wire/recording-key.ts), its content the reply exactly as it came
 * (status, content type, body), so a replay goes through the same parser as a live reply.
 * Files are written atomically (a temporary file renamed over), and only for a reply that
 * arrived whole: a fault never leaves a partial recording. Each also names its test and
 * column, so a cell whose request changed can tell its old recording is stale.
 */

export const RECORDINGS_DIR = 'tests/recordings';
const MAX_RECORDING_BYTES = 32 * 1024 * 1024;

export const RecordingSchema = z
  .object({
    version: z.literal(1),
    key: z.string().regex(/^[0-9a-f]{64}$/),
    api: z.enum(API_KINDS),
    /** Where it went, without credentials or query. */
    url: z.string(),
    test: z.string().optional(),
    column: z.string().optional(),
    recordedAt: z.string(),
    request: z.object({ body: z.string() }).strict(),
    reply: z.object({ status: z.number().int(), contentType: z.string(), body: z.string() }).strict(),
    /** How long the live reply took (latency assertions replay it). */
    latencyMs: z.number().nonnegative(),
  })
  .strict();
export type Recording = z.infer<typeof RecordingSchema>;

export type RecordingRead = { status: 'found'; recording: Recording } | { status: 'missing' } | { status: 'invalid'; problem: string };

export class RecordingStore {
  readonly dir: string;

  constructor(readonly workspaceRoot: string) {
    this.dir = path.join(workspaceRoot, ...RECORDINGS_DIR.split('/'));
  }

  fileOf(key: string): string {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`not a recording key: ${key.slice(0, 80)}`);
    return path.join(this.dir, `${key}.json`);
  }

  read(key: string): RecordingRead {
    const file = this.fileOf(key);
    let text: string;
    try {
      const stat = fs.lstatSync(file);
      const refused = this.refusal(key, stat);
      if (refused) return refused;
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return { status: 'missing' };
    }
    return this.parse(key, text);
  }

  /** The same as read, from the disk without holding the event loop (the stale index reads every recording). */
  private async readAsync(key: string): Promise<RecordingRead> {
    const file = this.fileOf(key);
    let text: string;
    try {
      const stat = await fs.promises.lstat(file);
      const refused = this.refusal(key, stat);
      if (refused) return refused;
      text = await fs.promises.readFile(file, 'utf8');
    } catch {
      return { status: 'missing' };
    }
    return this.parse(key, text);
  }

  private refusal(key: string, stat: fs.Stats): RecordingRead | undefined {
    if (!stat.isFile()) return { status: 'invalid', problem: `${RECORDINGS_DIR}/${key}.json is not a file` };
    if (stat.size > MAX_RECORDING_BYTES) return { status: 'invalid', problem: `${RECORDINGS_DIR}/${key}.json is larger than 32 MB` };
    return undefined;
  }

  private parse(key: string, text: string): RecordingRead {
    try {
      const parsed = RecordingSchema.safeParse(JSON.parse(text));
      if (!parsed.success)
        return { status: 'invalid', problem: `${RECORDINGS_DIR}/${key}.json: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
      if (parsed.data.key !== key)
        return { status: 'invalid', problem: `${RECORDINGS_DIR}/${key}.json holds the recording of another request` };
      return { status: 'found', recording: parsed.data };
    } catch {
      return { status: 'invalid', problem: `${RECORDINGS_DIR}/${key}.json is not JSON` };
    }
  }

  async write(recording: Recording): Promise<string> {
    const file = this.fileOf(recording.key);
    await writeFileAtomicAsync(file, `${JSON.stringify(recording, null, 2)}\n`);
    if (recording.test !== undefined && recording.column !== undefined) {
      const cell = `${recording.test}\n${recording.column}`;
      const into = this.index ?? this.written;
      const keys = into.get(cell) ?? [];
      if (!keys.includes(recording.key)) into.set(cell, [...keys, recording.key]);
    }
    return `${RECORDINGS_DIR}/${recording.key}.json`;
  }

  private index?: Map<string, string[]> | undefined;
  private indexing?: Promise<Map<string, string[]>> | undefined;

  /**
   * Keys of the recordings of one test and column (a cell whose key is not among them needs
   * recording; these are stale). The first call reads every recording, one file at a time
   * with the event loop free between them.
   */
  async keysOf(test: string, column: string): Promise<string[]> {
    const index = this.index ?? (await (this.indexing ??= this.buildIndex()));
    return index.get(`${test}\n${column}`) ?? [];
  }

  private async buildIndex(): Promise<Map<string, string[]>> {
    const index = new Map<string, string[]>();
    let names: string[] = [];
    try {
      names = (await fs.promises.readdir(this.dir)).filter((n) => /^[0-9a-f]{64}\.json$/.test(n));
    } catch {
      // no recordings yet
    }
    for (const name of names.slice(0, 10_000)) {
      const read = await this.readAsync(name.slice(0, -5));
      if (read.status !== 'found' || read.recording.test === undefined || read.recording.column === undefined) continue;
      const cell = `${read.recording.test}\n${read.recording.column}`;
      const keys = index.get(cell) ?? [];
      if (!keys.includes(read.recording.key)) index.set(cell, [...keys, read.recording.key]);
    }
    // Recordings written while it was read are in it too (write adds to the index once it is there).
    for (const [cell, keys] of this.written) index.set(cell, [...new Set([...(index.get(cell) ?? []), ...keys])]);
    this.written.clear();
    this.index = index;
    return index;
  }

  /** Keys written before the index was there (buildIndex merges them). */
  private readonly written = new Map<string, string[]>();

  /** Removes the stale recordings of a cell once its new one is written. */
  async removeStale(test: string, column: string, keep: string): Promise<string[]> {
    const removed: string[] = [];
    for (const key of await this.keysOf(test, column)) {
      if (key === keep) continue;
      await fs.promises.rm(this.fileOf(key), { force: true });
      removed.push(key);
    }
    this.index?.set(`${test}\n${column}`, [keep]);
    return removed;
  }
}
