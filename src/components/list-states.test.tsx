import { Button, MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListEmpty, ListStates, type ListQuery } from './list-states';
import { PrevNextPager, rangeOf } from './prev-next-pager';

afterEach(cleanup);

const query = (patch: Partial<ListQuery<string[]>>): ListQuery<string[]> => ({
  data: undefined,
  isError: false,
  error: null,
  isPlaceholderData: false,
  refetch: () => {},
  ...patch,
});

function show(q: ListQuery<string[]>, filtered = false) {
  const rendered = vi.fn();
  render(
    <MantineProvider>
      <ListStates
        query={q}
        errorTitle="Could not list the uploads"
        loadingLabel="Loading uploads"
        rows={3}
        empty={(rows) =>
          rows.length === 0 && (
            <ListEmpty title={filtered ? 'No tables match' : 'No uploaded tables yet.'}>
              <Button>Upload a CSV</Button>
            </ListEmpty>
          )
        }
      >
        {(rows, stale): ReactNode => {
          rendered(stale);
          return (
            <ul data-stale={stale}>
              {rows.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          );
        }}
      </ListStates>
    </MantineProvider>,
  );
  return rendered;
}

describe('ListStates', () => {
  it('shows named skeleton rows while the first data loads', () => {
    show(query({}));
    const loading = screen.getByLabelText('Loading uploads');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading.children).toHaveLength(3);
  });

  it('shows the error with a retry', async () => {
    const refetch = vi.fn();
    show(query({ isError: true, error: new Error('503 Service Unavailable'), refetch }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not list the uploads');
    expect(alert).toHaveTextContent('503 Service Unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty panel with its actions instead of an empty list', () => {
    const rendered = show(query({ data: [] }));
    expect(screen.getByText('No uploaded tables yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload a CSV' })).toBeVisible();
    expect(rendered).not.toHaveBeenCalled();
  });

  it('says when nothing matches', () => {
    show(query({ data: [] }), true);
    expect(screen.getByText('No tables match')).toBeVisible();
  });

  it('shows the list, told when it is the previous page’s data', () => {
    const rendered = show(query({ data: ['orders', 'sales'], isPlaceholderData: true }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'orders',
      'sales',
    ]);
    expect(rendered).toHaveBeenCalledWith(true);
  });
});

describe('PrevNextPager', () => {
  it('pages back and forth, each button enabled only where there is a page', async () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    render(
      <MantineProvider>
        <PrevNextPager
          label={rangeOf('Views', 'No more views', 25, 25)}
          hasPrevious
          hasNext={false}
          onPrevious={onPrevious}
          onNext={onNext}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Views 26–50')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('names an empty page', () => {
    expect(rangeOf('Tables', 'No more tables', 50, 0)).toBe('No more tables');
  });
});
