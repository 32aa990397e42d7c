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

  constructor(workspaceRoot: string) {
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
      if (!stat.isFile()) return { status: 'invalid', problem: `${RECORDINGS_DIR}/${key}.json is not a file` };
      if (stat.size > MAX_RECORDING_BYTES) return { status: 'invalid', problem: `${RECORDINGS_DIR}/${key}.json is larger than 32 MB` };
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return { status: 'missing' };
    }
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
    if (this.index && recording.test !== undefined && recording.column !== undefined) {
      const cell = `${recording.test}\n${recording.column}`;
      const keys = this.index.get(cell) ?? [];
      if (!keys.includes(recording.key)) this.index.set(cell, [...keys, recording.key]);
    }
    return `${RECORDINGS_DIR}/${recording.key}.json`;
  }

  private index?: Map<string, string[]> | undefined;

  /** Keys of the recordings of one test and column (a cell whose key is not among them needs recording; these are stale). */
  keysOf(test: string, column: string): string[] {
    if (!this.index) {
      this.index = new Map();
      let names: string[] = [];
      try {
        names = fs.readdirSync(this.dir).filter((n) => /^[0-9a-f]{64}\.json$/.test(n));
      } catch {
        // no recordings yet
      }
      for (const name of names.slice(0, 10_000)) {
        const read = this.read(name.slice(0, -5));
        if (read.status !== 'found' || read.recording.test === undefined || read.recording.column === undefined) continue;
        const cell = `${read.recording.test}\n${read.recording.column}`;
        this.index.set(cell, [...(this.index.get(cell) ?? []), read.recording.key]);
      }
    }
    return this.index.get(`${test}\n${column}`) ?? [];
  }

  /** Removes the stale recordings of a cell once its new one is written. */
  async removeStale(test: string, column: string, keep: string): Promise<string[]> {
    const removed: string[] = [];
    for (const key of this.keysOf(test, column)) {
      if (key === keep) continue;
      await fs.promises.rm(this.fileOf(key), { force: true });
      removed.push(key);
    }
    this.index?.set(`${test}\n${column}`, [keep]);
    return removed;
  }
}
