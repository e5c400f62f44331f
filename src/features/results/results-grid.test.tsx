import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROW_HEIGHT } from './page-math';
import { ResultsGrid } from './results-grid';

const ROWS = [
  { n: 1, label: '', note: 'NULL' },
  { n: null, label: null, note: 'plain' },
  { n: 30000, label: 'x', note: null },
];

function body(rows: Record<string, unknown>[], total: number) {
  return {
    execution_id: 'E1',
    query_id: 0,
    state: 'QUERY_STATE_COMPLETED',
    is_execution_finished: true,
    submitted_at: '2024-01-01T00:00:00.000Z',
    execution_started_at: '2024-01-01T00:00:00.250Z',
    execution_ended_at: '2024-01-01T00:00:01.500Z',
    result: {
      rows,
      metadata: {
        column_names: ['n', 'label', 'note'],
        column_types: ['bigint', 'varchar', 'varchar'],
        row_count: rows.length,
        result_set_bytes: 10,
        total_row_count: total,
        total_result_set_bytes: 1_500_000,
        datapoint_count: total * 3,
        pending_time_millis: 250,
        execution_time_millis: 1250,
      },
    },
  };
}

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The service for one 3-row result: `filters=n > 1` keeps one row, `filters=bad` is refused. */
function stubService() {
  const calls: URL[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const filters = url.searchParams.get('filters');
    if (filters === 'bad') return json(400, { error: 'filters: unknown column "bad" at 1' });
    if (url.searchParams.get('limit') === '1') return json(200, body(ROWS.slice(0, 1), 3));
    if (filters === 'n > 1') return json(200, body([ROWS[2]!], 1));
    return json(200, body(ROWS, 3));
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** The service for a million-row result: each page holds the rows its offset and limit ask. */
function stubMillion() {
  const total = 1_000_000;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 1);
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
        n: offset + i,
        label: `row ${offset + i}`,
        note: null,
      }));
      return json(200, body(rows, total));
    }),
  );
}

function renderGrid() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <ResultsGrid ctx="alice" executionId="E1" height={400} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** jsdom has no layout: give every element a size so the virtualizers render rows. */
function fakeLayout() {
  const props = { clientHeight: 400, clientWidth: 900, offsetHeight: 400, offsetWidth: 900 };
  const saved = Object.keys(props).map(
    (k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const,
  );
  for (const [k, v] of Object.entries(props))
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
  return () => {
    for (const [k, d] of saved) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
  };
}

const cell = (row: number, col: number) =>
  document.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`)!;

/** Where a row is drawn, in px below the top of what the grid shows (header included). */
const shownAt = (grid: HTMLElement, row: number) => {
  const el = grid.querySelector<HTMLElement>(`[role="row"][aria-rowindex="${row + 2}"]`);
  return el ? parseFloat(el.style.top) - grid.scrollTop : null;
};

describe('ResultsGrid', () => {
  let restoreLayout: () => void;
  beforeEach(() => {
    restoreLayout = fakeLayout();
  });
  afterEach(() => {
    cleanup();
    restoreLayout();
    vi.unstubAllGlobals();
  });

  it('shows NULL distinctly from an empty string and right-aligns numbers', async () => {
    const calls = stubService();
    renderGrid();
    await waitFor(() => expect(cell(2, 0)).toBeTruthy());

    // Headers show name and type.
    const header = screen.getByRole('button', { name: 'Sort by n' });
    expect(header).toHaveTextContent('nbigint');

    // NULL vs empty string vs the text "NULL".
    expect(cell(1, 1)).toHaveTextContent('NULL');
    expect(cell(1, 1)).toHaveAttribute('data-kind', 'null');
    expect(cell(0, 1)).toHaveTextContent(/^$/);
    expect(cell(0, 1)).toHaveAttribute('data-kind', 'empty');
    expect(cell(0, 1)).toHaveAttribute('title', '(empty string)');
    expect(cell(0, 2)).toHaveTextContent('NULL');
    expect(cell(0, 2)).toHaveAttribute('data-kind', 'text');
    expect(cell(0, 2).className).not.toBe(cell(1, 1).className);

    // Numbers (and a NULL number) right-aligned, text left-aligned.
    expect(cell(2, 0)).toHaveTextContent('30,000');
    expect(cell(2, 0)).toHaveStyle({ textAlign: 'right' });
    expect(cell(1, 0)).toHaveStyle({ textAlign: 'right' });
    expect(cell(2, 1)).toHaveStyle({ textAlign: 'left' });

    // Footer: total rows, bytes, execution and queue time.
    const footer = screen.getByTestId('results-footer');
    expect(footer).toHaveTextContent('3 rows');
    expect(footer).toHaveTextContent('1.4 MiB');
    expect(footer).toHaveTextContent('Executed in 1.25 s');
    expect(footer).toHaveTextContent('Queued 250 ms');

    // The context goes with every request and in the CSV link.
    expect(calls.every((u) => u.pathname === '/api/v1/execution/E1/results')).toBe(true);
    const link = screen.getByRole('link', { name: /Download CSV/ });
    expect(link).toHaveAttribute('href', '/api/v1/execution/E1/results/csv?context=alice');
  });

  it('sorts on the server when a header is clicked', async () => {
    const calls = stubService();
    renderGrid();
    await waitFor(() => expect(cell(2, 0)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Sort by n' }));
    await waitFor(() =>
      expect(calls.some((u) => u.searchParams.get('sort_by') === 'n asc')).toBe(true),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Sort by n' }).closest('[role="columnheader"]'),
      ).toHaveAttribute('aria-sort', 'ascending'),
    );
    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute(
      'href',
      '/api/v1/execution/E1/results/csv?sort_by=n+asc&context=alice',
    );
  });

  it('filters on the server, counts "N of M", and shows the service refusing a filter', async () => {
    stubService();
    renderGrid();
    await waitFor(() => expect(cell(2, 0)).toBeTruthy());
    const input = screen.getByRole('textbox', { name: 'Filter rows' });

    fireEvent.change(input, { target: { value: 'bad' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('filters: unknown column "bad" at 1')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Filter rows' }), {
      target: { value: 'n > 1' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Filter rows' }), { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('results-row-count')).toHaveTextContent('1 of 3 rows'),
    );
    await waitFor(() => expect(cell(0, 0)).toHaveTextContent('30,000'));
    expect(cell(1, 0)).toBeNull();
  });

  it('copies the selected cell with Ctrl+C and the row as TSV with Ctrl+Shift+C', async () => {
    stubService();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderGrid();
    await waitFor(() => expect(cell(2, 0)).toBeTruthy());
    fireEvent.click(cell(2, 0));
    expect(cell(2, 0)).toHaveAttribute('aria-selected', 'true');
    const grid = screen.getByRole('grid', { name: 'Result rows' });
    fireEvent.keyDown(grid, { key: 'c', ctrlKey: true });
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('30000'));
    fireEvent.keyDown(grid, { key: 'C', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('30000\tx\t'));

    fireEvent.contextMenu(cell(0, 1));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Copy value' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(''));
  });

  it('resizes a column from its header edge with the keyboard and refits it with Enter', async () => {
    stubService();
    renderGrid();
    await waitFor(() => expect(cell(2, 0)).toBeTruthy());
    const edge = screen.getByRole('separator', { name: 'Resize column label' });
    const fitted = Number(edge.getAttribute('aria-valuenow'));
    expect(fitted).toBeGreaterThanOrEqual(56);
    fireEvent.keyDown(edge, { key: 'ArrowRight' });
    fireEvent.keyDown(edge, { key: 'ArrowRight' });
    await waitFor(() => expect(edge).toHaveAttribute('aria-valuenow', String(fitted + 32)));
    expect(cell(0, 1)).toHaveStyle({ width: `${fitted + 32}px` });
    // The keys resized the column; they did not move a selection or sort.
    expect(
      screen.getByRole('button', { name: 'Sort by label' }).closest('[role="columnheader"]'),
    ).toHaveAttribute('aria-sort', 'none');
    fireEvent.keyDown(edge, { key: 'Enter' });
    await waitFor(() => expect(edge).toHaveAttribute('aria-valuenow', String(fitted)));
  });

  it('opens a cell’s full value on a double click and copies the raw value', async () => {
    stubService();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderGrid();
    await waitFor(() => expect(cell(2, 0)).toBeTruthy());
    expect(cell(2, 0)).toHaveTextContent('30,000');
    fireEvent.doubleClick(cell(2, 0));
    const detail = await screen.findByRole('dialog', { name: 'Value of n, row 3' });
    expect(within(detail).getByTestId('cell-detail-value')).toHaveTextContent(/^30000$/);
    expect(within(detail).getByTestId('cell-detail-formatted')).toHaveTextContent(
      'Shown as 30,000',
    );
    fireEvent.click(within(detail).getByRole('button', { name: 'Copy value' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('30000'));
  });

  it('draws the last rows in view when the virtualizer reads a scroll before its event', async () => {
    stubMillion();
    renderGrid();
    await waitFor(() => expect(cell(0, 0)).toHaveTextContent('0'));
    const grid = screen.getByRole('grid', { name: 'Result rows' });
    // A scroll starts the row virtualizer's scrolling-reset timer, which reads scrollTop itself.
    grid.scrollTop = 100 * ROW_HEIGHT;
    fireEvent.scroll(grid);
    // Ctrl+End scrolls to the last row; the timer reads that before the scroll event comes.
    fireEvent.keyDown(grid, { key: 'End', ctrlKey: true });
    await waitFor(() => expect(shownAt(grid, 999_999)).not.toBeNull());

    // The last row sits at the bottom of the view (400 px in fakeLayout), inside the container.
    // Placed from a second reading of scrollTop it sat 16 million px lower, the scroll height
    // grew, and a scroll to the middle then landed past the real range, on the last rows.
    const viewBottom = 400;
    expect(shownAt(grid, 999_999)! + ROW_HEIGHT).toBeCloseTo(viewBottom, 3);
    const container = grid.firstElementChild as HTMLElement;
    const rows = [...grid.querySelectorAll<HTMLElement>('[role="row"]:not([aria-rowindex="1"])')];
    expect(Math.max(...rows.map((r) => parseFloat(r.style.top) + ROW_HEIGHT))).toBeLessThanOrEqual(
      parseFloat(container.style.height),
    );

    // The scroll event moves nothing: the rows already were where the offset shows them.
    fireEvent.scroll(grid);
    await waitFor(() => expect(cell(999_999, 0)).toHaveTextContent('999,999'));
    expect(shownAt(grid, 999_999)! + ROW_HEIGHT).toBeCloseTo(viewBottom, 3);
  });
});
