import { formatCost, priceOf, usageCost, worstCaseCost, type PriceTable } from '../../../shared/wire/prices.js';
import type { Usage } from '../../../shared/wire/wire-event.js';

/**
 * A run's spending cap. Before each request its worst case (every input token at full price,
 * every output token it allows) is reserved; a request whose reservation would take the run
 * past the cap is not sent. When the reply comes, its real cost (from the usage) replaces the
 * reservation. So concurrent requests can never together go over the cap — as far as the
 * price table is right.
 */

/**
 * Totals are kept in whole nanodollars: adding floating-point dollars gives a sum that depends
 * on the order the replies settle in (concurrent requests), so the same eval could report
 * 0.0017879999999999999 once and 0.001788 the next time. A nanodollar is far below any price.
 */
const NANO_PER_USD = 1e9;
const nano = (usd: number): number => Math.round(usd * NANO_PER_USD);

export type Reservation = { ok: true; settle(usage: Usage | null): number | null } | { ok: false; message: string };

export class SpendGuard {
  private spentNano = 0;
  private reservedNano = 0;

  constructor(
    readonly capUsd: number | undefined,
    readonly prices: PriceTable,
  ) {}

  get spent(): number {
    return this.spentNano / NANO_PER_USD;
  }

  /** Dollars for a usage of `model` (null: no price). */
  cost(model: string, usage: Usage): number | null {
    const price = priceOf(model, this.prices);
    return price ? usageCost(usage, price) : null;
  }

  reserve(model: string, inputTokens: number, maxOutputTokens: number): Reservation {
    const price = priceOf(model, this.prices);
    if (this.capUsd !== undefined && !price)
      return {
        ok: false,
        message: `no price for model '${model}' in the price table, so the spending cap cannot be kept: add one under prices (docs/run.md) or remove the cap`,
      };
    const worst = price ? worstCaseCost(inputTokens, maxOutputTokens, price) : 0;
    const worstNano = nano(worst);
    const taken = this.spentNano + this.reservedNano;
    if (this.capUsd !== undefined && taken + worstNano > nano(this.capUsd))
      return {
        ok: false,
        message: `spending cap ${formatCost(this.capUsd)}: not sent, it could cost up to ${formatCost(worst)} and ${formatCost(taken / NANO_PER_USD)} is spent or reserved`,
      };
    this.reservedNano += worstNano;
    let settled = false;
    return {
      ok: true,
      settle: (usage) => {
        if (settled) return null;
        settled = true;
        this.reservedNano -= worstNano;
        const cost = usage && price ? usageCost(usage, price) : null;
        // No usage (the request failed before the reply said): count the worst case, to be safe.
        this.spentNano += cost !== null ? nano(cost) : worstNano;
        return cost;
      },
    };
  }
}
