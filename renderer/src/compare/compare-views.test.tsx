// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CacheView as CacheViewData, CompareColumnView, CompareResult, MatrixView as MatrixData } from '../../../shared/ipc/contract';
import { createFakeApi, differingMatrixCell, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { CacheView } from './CacheView';
import { ColumnsView } from './ColumnsView';
import { MatrixView } from './MatrixView';
import { RoutingView } from './RoutingView';
import { columnActions } from './slots';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

function setup(handlers: NonNullable<Parameters<typeof createFakeApi>[0]>['handlers'] = {}) {
  const s = setupStore(createFakeApi({ handlers }));
  disconnect = s.disconnect;
  s.store.setState({ presetName: 'basic', target: { kind: 'variant', variantId: 'generic' } });
  return s;
}

/** A variant column as the host describes it (chosen by id, under basic). */
function variantColumn(id: string, chars: number): CompareColumnView {
  return {
    spec: { kind: 'variant', variantId: id },
    label: id,
    variantId: id,
    why: 'chosen by id',
    preset: 'basic',
    kind: 'variant',
    chars,
  };
}

describe('the compare views', () => {
  it('show the words a column lacks struck through, as text (not a bar with the text in a tooltip)', () => {
    const { store } = setup();
    const result: CompareResult = {
      seq: 1,
      columns: ['generic', 'xs'].map((id) => variantColumn(id, 20)),
      rows: [{ key: 'RULES_SECTION', cells: [{ text: 'Always run the tests first.' }, { text: 'Always run tests.' }] }],
    };
    store.setState({ compareColumns: result.columns.map((c) => c.spec), compareResult: result });
    render(<ColumnsView />);
    const second = screen.getAllByTestId('compare-cell')[1]!;
    const removed = [...second.querySelectorAll('del.diff-removed')].map((d) => d.textContent);
    expect(removed.join('|')).toBe('the | first');
    // The cell reads as the first column's text with this column's changes on it.
    expect(second.querySelector('.compare-text')!.textContent).toBe('Always run the tests first.');
  });

  it('show a placeholder the template uses twice once, with its count and the size of both uses', () => {
    const { store } = setup();
    const result: CompareResult = {
      seq: 1,
      columns: [variantColumn('generic', 40), variantColumn('xs', 40)],
      rows: [{ key: '{{TEAM_NAME}}', cells: [{ text: 'Acme Payments team', uses: 2 }, { text: 'Acme Payments team' }] }],
    };
    store.setState({
      compareColumns: result.columns.map((c) => c.spec),
      compareResult: result,
      compareTokens: { seq: 1, rows: [[6, 3]], chars: [[36, 18]], totals: [6, 3], budgets: [null, null] },
    });
    render(<ColumnsView />);
    const [twice, once] = screen.getAllByTestId('compare-cell');
    expect(twice!.querySelector('.compare-text')!.textContent).toBe('Acme Payments team');
    expect(twice!.querySelector('.compare-cell-size')!.textContent).toBe('36 chars · 6 tok · used 2×');
    expect(once!.querySelector('.compare-cell-size')!.textContent).toBe('18 chars · 3 tok');
  });

  it('render a header again only when it changed, not for a keystroke that only changed the sizes', () => {
    const { store } = setup();
    let headerRenders = 0;
    columnActions.fill(() => {
      headerRenders++;
      return null;
    });
    const result = (seq: number, text: string, why = 'chosen by id'): CompareResult => ({
      seq,
      columns: [variantColumn('generic', text.length + 100), { ...variantColumn('xs', text.length + 50), why }],
      rows: [
        { key: '(template text)', cells: [{ text }, { text }] },
        { key: 'RULES_SECTION', cells: [{ text: 'Rules.' }, { text: 'Rules.' }] },
      ],
    });
    // The rows take at most one result per animation frame (ui/frame-value.ts): each step here is a frame of its own.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const nextFrame = () => act(() => vi.advanceTimersToNextFrame());
    try {
      store.setState({ compareColumns: result(1, 'x').columns.map((c) => c.spec), compareResult: result(1, 'Hello') });
      render(<ColumnsView />);
      expect(headerRenders).toBe(2);
      const sizes = () =>
        screen.getAllByTestId('compare-column-header').map((h) => h.querySelector('.compare-col-meta > .muted')!.textContent);
      const table = () => [...screen.getByTestId('compare-sizes').querySelectorAll('tbody tr')].map((tr) => tr.textContent);
      expect(sizes()).toEqual(['105 chars', '55 chars']);

      // A keystroke: the template's text and the sizes change, nothing else.
      nextFrame();
      act(() => store.setState({ compareResult: result(2, 'Hello!') }));
      nextFrame();
      expect(headerRenders).toBe(2);
      expect(sizes()).toEqual(['106 chars', '56 chars']);
      expect(table()).toEqual([
        '(template text)6 / …6 / … (±0)',
        'RULES_SECTION6 / …6 / … (±0)',
        'total106 / …56 / … (−50)',
        'tools as text——',
        'tools as native JSON——',
      ]);
      expect(screen.getAllByTestId('compare-cell')[0]!.textContent).toContain('Hello!');

      // What a header shows changed: that header renders again.
      act(() => store.setState({ compareResult: result(3, 'Hello!', 'picked by hand') }));
      nextFrame();
      expect(headerRenders).toBe(3);
      expect(screen.getAllByTestId('compare-why')[1]!.textContent).toBe('picked by hand');
    } finally {
      columnActions.fill(null);
      vi.useRealTimers();
    }
  });

  it('keep every column’s own preset when two headers choose one after the other (a header reads the columns at the choice)', () => {
    const { store } = setup();
    const base = workspaceView();
    const presets = ['basic', 'no-mcp', 'yolo'].map((name) => ({ name, description: name, kind: 'variant' as const }));
    const columns = ['generic', 'xs'].map((id) => variantColumn(id, 20));
    store.setState({
      workspace: { ...base, presets },
      compareColumns: columns.map((c) => c.spec),
      compareResult: { seq: 1, columns, rows: [{ key: 'RULES_SECTION', cells: [{ text: 'Rules.' }, { text: 'Rules.' }] }] },
    });
    render(<ColumnsView />);
    // No new result between the two choices: neither header renders again.
    fireEvent.change(screen.getByLabelText('Preset of xs'), { target: { value: 'no-mcp' } });
    fireEvent.change(screen.getByLabelText('Preset of generic'), { target: { value: 'yolo' } });
    expect(store.getState().compareColumns).toEqual([
      { kind: 'variant', variantId: 'generic', preset: 'yolo' },
      { kind: 'variant', variantId: 'xs', preset: 'no-mcp' },
    ]);
  });

  it('name each snapshot-matrix row by its variant alone; its approve button says what it approves', () => {
    const { store } = setup();
    const matrix: MatrixData = {
      version: 1,
      variants: ['generic', 'xs'],
      presets: ['basic'],
      cells: [differingMatrixCell('generic'), differingMatrixCell('xs')],
      dir: 'snapshots',
      readOnly: false,
    };
    store.setState({ matrix });
    render(<MatrixView />);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['generic', 'xs']);
    const row = screen.getByRole('row', { name: /^xs/ });
    expect(within(row).getByRole('button', { name: 'Approve the row xs' }).textContent).toBe('Approve the row');
  });

  it('render of a long matrix (over 100 rows) only the rows in view, and the rows scrolled to', () => {
    const { store } = setup();
    const variants = Array.from({ length: 300 }, (_, i) => `v${String(i).padStart(3, '0')}`);
    const presets = Array.from({ length: 3 }, (_, i) => `p${i}`);
    const matrix: MatrixData = {
      version: 1,
      variants,
      presets,
      cells: variants.flatMap((v) => presets.map((p) => differingMatrixCell(v, p))),
      dir: 'snapshots',
      readOnly: false,
    };
    store.setState({ matrix, matrixProgress: { version: 2, done: 400, total: 900 } });
    render(<MatrixView />);
    const heads = () => [...document.querySelectorAll('tbody th[scope=row]')].map((h) => h.textContent);
    // jsdom lays nothing out: 30 rows in view are assumed, with 8 rows of margin on either side (at the top: 16 below).
    expect(heads()).toEqual(variants.slice(0, 46));
    expect(screen.getAllByTestId('matrix-cell')).toHaveLength(46 * 3);
    expect(screen.getByTestId('matrix-progress').textContent).toBe('Building the matrix: 400 of 900 cells…');
    // While a newer matrix builds, the one shown is not approved from.
    expect(screen.getByTestId('approve-all')).toHaveProperty('disabled', true);
    const rowButton = (v: string) =>
      document.querySelector<HTMLButtonElement>(`tr[data-variant="${v}"] button[aria-label="Approve the row ${v}"]`);
    expect(rowButton('v000')?.disabled).toBe(true);
    const box = screen.getByTestId('matrix-table').parentElement!;
    act(() => {
      box.scrollTop = 200 * 64;
      box.dispatchEvent(new Event('scroll'));
    });
    expect(heads()).toEqual(variants.slice(192, 238));
    // Approving a row approves that row's cells, found by position.
    const row = document.querySelector<HTMLElement>('tr[data-variant="v200"]')!;
    expect(
      within(row)
        .getAllByTestId('matrix-cell')
        .map((c) => c.dataset.cell),
    ).toEqual(presets.map((p) => `v200/${p}`));
    // The newer matrix came: approval is back.
    act(() => store.setState({ matrixProgress: null }));
    expect(screen.getByTestId('approve-all')).toHaveProperty('disabled', false);
    expect(rowButton('v200')?.disabled).toBe(false);
  });

  it('route the list as it stands when the routing tab opens', async () => {
    const { store, api } = setup({
      'compare:routing': ({ modelIds }) => ({
        rows: modelIds.map((modelId) => ({
          modelId,
          providerId: 'openai',
          providerRule: 'model id prefix gpt-',
          variantId: 'gpt-5',
          via: 'matcher',
          decidedBy: 'gpt-5*',
          steps: [],
        })),
        shadowed: [],
        fellThrough: [],
      }),
    });
    store.getState().setRoutingText('gpt-5 o3');
    render(<RoutingView />);
    await act(flush);
    expect(api.callsOf('compare:routing')).toEqual([{ context: { kind: 'preset', name: 'basic' }, modelIds: ['gpt-5', 'o3'] }]);
    expect(within(screen.getByTestId('routing-table')).getAllByRole('row')).toHaveLength(3);
  });

  it('say which variant × preset the prompt-cache tab analyses', async () => {
    const view: CacheViewData = {
      text: 'You are an agent.',
      stablePrefix: { chars: 17, tokens: 5 },
      firstVolatile: null,
      ranges: [],
      providers: [],
      findings: [],
      otherSession: null,
    };
    const { store } = setup({ 'compare:cache': () => view });
    store.setState({ presetName: 'plan', target: { kind: 'variant', variantId: 'xs' } });
    await act(() => store.getState().loadCache());
    render(<CacheView />);
    expect(screen.getByTestId('cache-of').textContent).toBe('Prompt cache of xs × plan');
  });
});
