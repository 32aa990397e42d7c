import { describe, expect, it } from 'vitest';
import { EventListeners } from '../../shared/ipc/event-listeners.js';

describe('EventListeners', () => {
  it('hands an event to its listeners in the order added, and only to those of that event', () => {
    const listeners = new EventListeners(() => undefined);
    const got: string[] = [];
    listeners.add('menu:command', (p) => got.push(`a ${String(p)}`));
    listeners.add('menu:command', (p) => got.push(`b ${String(p)}`));
    listeners.add('workspace:changed', (p) => got.push(`w ${String(p)}`));
    listeners.deliver('menu:command', 1);
    listeners.deliver('preview:result', 2);
    expect(got).toEqual(['a 1', 'b 1']);
  });

  it('reports a listener that throws, with its event, and still hands the event to the ones after it', () => {
    const reported: [string, unknown][] = [];
    const listeners = new EventListeners((what, error) => reported.push([what, error]));
    const got: unknown[] = [];
    const boom = new Error('boom');
    listeners.add('menu:command', () => {
      throw boom;
    });
    listeners.add('menu:command', (p) => got.push(p));
    listeners.deliver('menu:command', 'save');
    expect(got).toEqual(['save']);
    expect(reported).toEqual([['listener of menu:command failed', boom]]);
  });

  it('stops handing events to a removed listener; one added or removed while an event is handed out counts from the next event', () => {
    const listeners = new EventListeners(() => undefined);
    const got: string[] = [];
    let offLate: (() => void) | undefined;
    const offFirst = listeners.add('menu:command', (p) => {
      got.push(`first ${String(p)}`);
      offLate ??= listeners.add('menu:command', (q) => got.push(`late ${String(q)}`));
      offSecond();
    });
    const offSecond = listeners.add('menu:command', (p) => got.push(`second ${String(p)}`));
    listeners.deliver('menu:command', 1);
    listeners.deliver('menu:command', 2);
    offFirst();
    offLate!();
    listeners.deliver('menu:command', 3);
    expect(got).toEqual(['first 1', 'second 1', 'first 2', 'late 2']);
  });
});
