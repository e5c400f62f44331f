import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListQuery } from './list-states';
import { listTexts, OffsetList } from './offset-list';
import { NumberPager } from './prev-next-pager';

afterEach(cleanup);

type Page = { tables: string[]; next_offset?: number };

const loaded = (data: Page): ListQuery<Page> => ({
  data,
  isError: false,
  error: null,
  isPlaceholderData: false,
  refetch: () => {},
});

function show(data: Page, offset: number, onOffset = vi.fn()) {
  render(
    <MantineProvider>
      <OffsetList
        query={loaded(data)}
        page={(d) => ({ items: d.tables, next: d.next_offset })}
        paging={{ offset, pageSize: 2 }}
        names={{ list: 'uploads', page: 'tables' }}
        onOffset={onOffset}
        empty={<p>No uploaded tables yet.</p>}
      >
        {(tables) => (
          <ul>
            {tables.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
      </OffsetList>
    </MantineProvider>,
  );
  return onOffset;
}

describe('OffsetList', () => {
  it('shows one page without a pager', () => {
    show({ tables: ['orders'] }, 0);
    expect(screen.getByRole('listitem')).toHaveTextContent('orders');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('pages by the service’s next offset and back by the page size', async () => {
    const onOffset = show({ tables: ['c', 'd'], next_offset: 4 }, 2);
    expect(screen.getByText('Tables 3–4')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onOffset.mock.calls).toEqual([[4], [0]]);
  });

  it('shows the empty panel on an empty first page only', () => {
    show({ tables: [] }, 0);
    expect(screen.getByText('No uploaded tables yet.')).toBeVisible();
    cleanup();
    show({ tables: [] }, 4);
    expect(screen.queryByText('No uploaded tables yet.')).toBeNull();
    expect(screen.getByText('No more tables')).toBeVisible();
  });
});

describe('listTexts', () => {
  it('names the list in the loading and error texts and the page in the pager', () => {
    expect(listTexts({ list: 'materialized views', page: 'views' })).toEqual({
      errorTitle: 'Could not list the materialized views',
      loadingLabel: 'Loading materialized views',
      noun: 'Views',
      none: 'No more views',
    });
    expect(listTexts({ list: 'alerts' })).toMatchObject({ noun: 'Alerts', none: 'No more alerts' });
  });
});

describe('NumberPager', () => {
  it('shows page buttons only when there is more than one page', async () => {
    const onPage = vi.fn();
    render(
      <MantineProvider>
        <NumberPager label="3 dashboards" page={1} pages={2} onPage={onPage} />
      </MantineProvider>,
    );
    expect(screen.getByText('3 dashboards')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
    cleanup();
    render(
      <MantineProvider>
        <NumberPager label="1 dashboard" page={1} pages={1} onPage={onPage} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});
