// TEMP dev stub (not committed; the host engineer owns this folder)
import type { StudioApi } from '../../../shared/ipc/contract';
import { CHANNELS } from '../../../shared/ipc/contract';
export function createTransport(): StudioApi {
  const ws = new WebSocket(`ws://${location.host}/`);
  const open = new Promise((r) => ws.addEventListener('open', r));
  let n = 0;
  const pending = new Map<number, (v: unknown) => void>();
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    if (m.event) listeners.get(m.event)?.forEach((l) => l(m.payload));
    else pending.get(m.id)?.(m.result), pending.delete(m.id);
  });
  const api: Record<string, unknown> = {
    on(event: string, l: (p: unknown) => void) { let s = listeners.get(event); if (!s) listeners.set(event, (s = new Set())); s.add(l); return () => s!.delete(l); },
  };
  for (const ch of Object.keys(CHANNELS)) api[ch] = async (request: unknown) => { await open; const id = ++n; return new Promise((r) => { pending.set(id, r); ws.send(JSON.stringify({ id, channel: ch, request })); }); };
  return api as unknown as StudioApi;
}
