import type { CompareColumnSpec } from '../../../shared/ipc/contract.js';
import type { Connection } from '../../../shared/wire/connections.js';
import type { WorkspaceTest } from '../../../shared/wire/test-file.js';
import { columnLabel } from './column-request.js';

/**
 * The matrix of an eval: each test × each of its columns (its variants, model ids and stack
 * profiles, each under each of its presets) × each of its connections.
 */

export interface EvalCell {
  /** `<test> · <column> · <connection>`: unique in the matrix. */
  id: string;
  test: WorkspaceTest;
  column: CompareColumnSpec;
  /** The column's label with its connection, which also names its recordings. */
  columnLabel: string;
  connection: Connection;
}

export type EvalPlan = { ok: true; cells: EvalCell[] } | { ok: false; error: string };

export function testColumns(test: WorkspaceTest): CompareColumnSpec[] {
  const out: CompareColumnSpec[] = [];
  const c = test.columns;
  for (const preset of c.presets) {
    for (const variantId of c.variants ?? []) out.push({ kind: 'variant', variantId, preset });
    for (const model of c.models ?? [])
      out.push(
        typeof model === 'string'
          ? { kind: 'model', modelId: model, preset }
          : { kind: 'model', modelId: model.id, providerId: model.provider, preset },
      );
    for (const profile of c.profiles ?? [])
      out.push(
        typeof profile === 'string'
          ? { kind: 'profile', profileId: profile, preset }
          : { kind: 'profile', profileId: profile.id, agent: profile.agent, preset },
      );
  }
  return out;
}

export function planEval(tests: readonly WorkspaceTest[], connections: readonly Connection[], only?: readonly string[]): EvalPlan {
  const chosen = only?.length ? tests.filter((t) => only.includes(t.id)) : tests;
  const unknown = (only ?? []).filter((id) => !tests.some((t) => t.id === id));
  if (unknown.length) return { ok: false, error: `no test '${unknown[0]}' (tests: ${tests.map((t) => t.id).join(', ') || 'none'})` };
  const cells: EvalCell[] = [];
  for (const test of chosen) {
    const names = test.columns.connections;
    const missing = (names ?? []).filter((n) => !connections.some((c) => c.id === n));
    if (missing.length)
      return {
        ok: false,
        error: `${test.file}: no connection '${missing[0]}' (connections: ${connections.map((c) => c.id).join(', ') || 'none'})`,
      };
    const used = names ? names.map((n) => connections.find((c) => c.id === n)!) : connections;
    if (!used.length)
      return {
        ok: false,
        error: `${test.file}: no connection to run it on (configure one, or set OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY)`,
      };
    for (const column of testColumns(test))
      for (const connection of used) {
        const label = `${columnLabel(column)} via ${connection.id}`;
        cells.push({ id: `${test.id} · ${label}`, test, column, columnLabel: label, connection });
      }
  }
  return { ok: true, cells };
}
