import type { EventName } from './contract.js';

type Listener = (payload: unknown) => void;

/**
 * The page's listeners of the host's events, by event: what both transports (the preload's
 * wire bridge, browser mode's WebSocket) hand a decoded event to. A listener that throws does
 * not keep the others from it: its error goes to `report`. A listener added or removed while
 * an event is handed out takes effect from the next one.
 */
export class EventListeners {
  private readonly byEvent = new Map<EventName, Set<Listener>>();

  constructor(private readonly report: (what: string, error: unknown) => void) {}

  /** Adds a listener; returns the function that removes it. */
  add(event: EventName, listener: Listener): () => void {
    let set = this.byEvent.get(event);
    if (!set) this.byEvent.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  deliver(event: EventName, payload: unknown): void {
    const set = this.byEvent.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch (error) {
        this.report(`listener of ${event} failed`, error);
      }
    }
  }
}
