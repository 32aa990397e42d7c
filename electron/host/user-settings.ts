import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomicSync } from './atomic-save.js';

/**
 * What the host remembers between runs, in settings.json under the user-data folder: the
 * recently opened workspaces and which one was open last. A missing or broken file means
 * first start (defaults), never an error.
 */

export const MAX_RECENT = 12;

const RecentSchema = z.object({ path: z.string(), name: z.string(), openedAt: z.string() }).strict();
export type RecentWorkspace = z.infer<typeof RecentSchema>;

const SettingsSchema = z
  .object({
    recent: z.array(RecentSchema).default([]),
    last: z
      .union([z.object({ kind: z.literal('builtin') }).strict(), z.object({ kind: z.literal('folder'), path: z.string() }).strict()])
      .optional(),
    /** The getting-started panel was shown once (it opens by itself on the first start only). */
    gettingStartedSeen: z.boolean().optional(),
    /**
     * A folder being opened right now. Still here at the next start, it means the process
     * ended while opening it (a crash nothing could catch): that start opens the built-ins.
     */
    opening: z.string().optional(),
  })
  .strict();
type Settings = z.infer<typeof SettingsSchema>;

export class UserSettings {
  readonly file: string;
  private settings: Settings;

  constructor(readonly userDataDir: string) {
    this.file = path.join(userDataDir, 'settings.json');
    this.settings = UserSettings.read(this.file);
  }

  private static read(file: string): Settings {
    try {
      const parsed = SettingsSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // first start or a damaged file
    }
    return { recent: [] };
  }

  recent(): RecentWorkspace[] {
    return this.settings.recent.map((r) => ({ ...r }));
  }

  last(): Settings['last'] {
    return this.settings.last;
  }

  gettingStartedSeen(): boolean {
    return this.settings.gettingStartedSeen === true;
  }

  markGettingStartedSeen(): void {
    if (this.settings.gettingStartedSeen) return;
    this.settings.gettingStartedSeen = true;
    this.save();
  }

  /** The folder whose opening the last run did not finish (the process ended meanwhile), if any. */
  interruptedOpening(): string | undefined {
    return this.settings.opening;
  }

  /** A folder starts opening (written before anything of it is read). */
  beginOpening(folder: string): void {
    this.settings.opening = folder;
    this.save();
  }

  /** The opening is over (opened, or failed with an error). */
  endOpening(): void {
    if (this.settings.opening === undefined) return;
    delete this.settings.opening;
    this.save();
  }

  /** Records an opened workspace (null root: the built-ins). */
  opened(root: string | null, name: string, now = new Date()): void {
    if (root === null) {
      this.settings.last = { kind: 'builtin' };
    } else {
      this.settings.last = { kind: 'folder', path: root };
      const rest = this.settings.recent.filter((r) => r.path !== root);
      this.settings.recent = [{ path: root, name, openedAt: now.toISOString() }, ...rest].slice(0, MAX_RECENT);
    }
    this.save();
  }

  private save(): void {
    try {
      writeFileAtomicSync(this.file, `${JSON.stringify(this.settings, null, 2)}\n`);
    } catch {
      // Settings are a convenience; failing to write them must not break opening a workspace.
    }
  }
}
