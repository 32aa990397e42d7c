import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomicSync } from './atomic-save.js';

/**
 * The main window's size and position between runs (window-state.json in the user-data
 * folder). Plain data and arithmetic, no Electron: the wiring passes the displays' work
 * areas in, so a window saved on a monitor that is gone comes back on a visible one.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const WindowStateSchema = z
  .object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().min(200).max(20000),
    height: z.number().int().min(150).max(20000),
    maximized: z.boolean().default(false),
  })
  .strict();
export type WindowState = z.infer<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_SIZE = { width: 1400, height: 900 };
export const MIN_WINDOW_SIZE = { width: 720, height: 480 };

export function windowStateFile(userDataDir: string): string {
  return path.join(userDataDir, 'window-state.json');
}

export function loadWindowState(userDataDir: string): WindowState | undefined {
  try {
    const parsed = WindowStateSchema.safeParse(JSON.parse(fs.readFileSync(windowStateFile(userDataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveWindowState(userDataDir: string, state: WindowState): void {
  const parsed = WindowStateSchema.safeParse({
    ...state,
    x: Math.round(state.x),
    y: Math.round(state.y),
    width: Math.round(state.width),
    height: Math.round(state.height),
  });
  if (!parsed.success) return;
  try {
    writeFileAtomicSync(windowStateFile(userDataDir), `${JSON.stringify(parsed.data)}\n`);
  } catch {
    // not worth failing a quit over
  }
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where to open the window: the saved bounds when enough of them (a quarter, and the title
 * bar area) is on some display, shrunk to fit that display; else the default size, centred
 * by the window system (no x/y).
 */
export function placeWindow(
  saved: WindowState | undefined,
  workAreas: readonly Rect[],
): { x?: number; y?: number; width: number; height: number; maximized: boolean } {
  if (!saved || workAreas.length === 0) return { ...DEFAULT_WINDOW_SIZE, maximized: false };
  let best: Rect | undefined;
  let bestOverlap = 0;
  for (const area of workAreas) {
    const o = overlap(saved, area);
    if (o > bestOverlap) {
      best = area;
      bestOverlap = o;
    }
  }
  const titleBar: Rect = { x: saved.x, y: saved.y, width: saved.width, height: 40 };
  if (!best || bestOverlap < (saved.width * saved.height) / 4 || !workAreas.some((a) => overlap(titleBar, a) > 0)) {
    return { ...DEFAULT_WINDOW_SIZE, maximized: saved.maximized };
  }
  const width = Math.max(MIN_WINDOW_SIZE.width, Math.min(saved.width, best.width));
  const height = Math.max(MIN_WINDOW_SIZE.height, Math.min(saved.height, best.height));
  const x = Math.min(Math.max(saved.x, best.x), best.x + best.width - width);
  const y = Math.min(Math.max(saved.y, best.y), best.y + best.height - height);
  return { x, y, width, height, maximized: saved.maximized };
}
