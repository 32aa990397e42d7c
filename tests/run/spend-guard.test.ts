import { describe, expect, it } from 'vitest';
import { SpendGuard } from '../../electron/host/run/spend-guard.js';
import { BUILTIN_PRICES } from '../../shared/wire/prices.js';
import type { Usage } from '../../shared/wire/wire-event.js';

const usage = (inputTokens: number, outputTokens: number, cachedInputTokens = 0): Usage => ({
  inputTokens,
  outputTokens,
  cachedInputTokens,
  cacheWriteTokens: 0,
});

/** Every order of a list (small lists only). */
function orders<T>(list: readonly T[]): T[][] {
  if (list.length <= 1) return [list.slice()];
  return list.flatMap((first, i) => orders([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [first, ...rest]));
}

function spentAfter(replies: readonly Usage[]): number {
  const guard = new SpendGuard(1, BUILTIN_PRICES);
  const reservations = replies.map(() => guard.reserve('gpt-5-mini', 2_000, 400));
  replies.forEach((reply, i) => {
    const r = reservations[i]!;
    if (!r.ok) throw new Error(r.message);
    r.settle(reply);
  });
  return guard.spent;
}

describe('the spending cap’s totals', () => {
  it('are the same whatever order concurrent replies settle in', () => {
    // Costs whose floating-point sum in dollars is 0.001442 in some orders and 0.0014420000000000001
    // in others (CI once saw 0.0017879999999999999 against 0.001788 for the same eval).
    const replies = [usage(1_256, 38), usage(1_160, 48), usage(1_144, 30), usage(1_104, 22)];
    const sums = new Set(orders(replies).map(spentAfter));
    expect([...sums]).toEqual([0.001442]);
  });

  it('refuse a request whose worst case would pass the cap, and free a settled reservation', () => {
    // gpt-5-mini: $0.25 input, $2 output per million. Worst case of 2,000 in / 400 out = $0.0013.
    const guard = new SpendGuard(0.0026, BUILTIN_PRICES);
    const first = guard.reserve('gpt-5-mini', 2_000, 400);
    const second = guard.reserve('gpt-5-mini', 2_000, 400);
    const third = guard.reserve('gpt-5-mini', 2_000, 400);
    expect([first.ok, second.ok, third.ok]).toEqual([true, true, false]);
    if (!third.ok) expect(third.message).toMatch(/^spending cap \$0\.0026: not sent/);
    if (first.ok) expect(first.settle(usage(1_000, 100))).toBe(0.00045);
    expect(guard.spent).toBe(0.00045);
    // $0.00045 spent and $0.0013 reserved: another $0.0013 would pass the cap, $0.0007 does not.
    expect(guard.reserve('gpt-5-mini', 2_000, 400).ok).toBe(false);
    expect(guard.reserve('gpt-5-mini', 2_000, 100).ok).toBe(true);
    // A failed request (no usage) counts its worst case.
    if (second.ok) second.settle(null);
    expect(guard.spent).toBe(0.00175);
  });
});
