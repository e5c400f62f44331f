import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dataset } from '../../../contract/datasets';
import { localDateTime } from '../../lib/time';
import { DatasetDescription, DatasetStats } from './dataset-about';
import { DatasetColumns } from './dataset-columns';

afterEach(cleanup);

const show = (node: ReactNode) =>
  render(
    <MantineProvider>
      <div data-testid="box">{node}</div>
    </MantineProvider>,
  );

const HOSTILE =
  'Token **transfers**. <script>window.hacked = 1</script> <img src=x onerror="window.hacked = 2"> [site](https://example.com) [bad](javascript:alert(1))';

const column = (name: string, description: string): Dataset['columns'][number] => ({
  name,
  type: 'DOUBLE',
  nullable: true,
  metadata: { description, filtering_column: false },
});

describe('a dataset’s docs', () => {
  it('render the description as Markdown, without its script, onerror or javascript: link', () => {
    show(<DatasetDescription text={HOSTILE} />);
    const box = screen.getByTestId('box');
    expect(screen.getByText('transfers').tagName).toBe('STRONG');
    expect(box.textContent).not.toContain('**');
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('[onerror]')).toBeNull();
    // the tags are dropped (their text is only text) and so are unsafe URLs
    expect(box.innerHTML).not.toMatch(/<script|<img|onerror|javascript:/i);
    const link = screen.getByRole('link', { name: 'site' });
    expect(link).toHaveAttribute('href', 'https://example.com');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('say so when there is no description', () => {
    show(<DatasetDescription text="  " />);
    expect(screen.getByText('No description.')).toBeInTheDocument();
  });

  it('render column docs as Markdown, sanitized, and a dash for none', () => {
    show(
      <DatasetColumns
        columns={[
          column('amount', 'Value in *wei* <img src=x onerror="window.hacked = 3">'),
          column('note', ''),
        ]}
      />,
    );
    const rows = screen.getAllByRole('row');
    const amount = rows.find((r) => r.textContent?.includes('amount'))!;
    expect(within(amount).getByText('wei').tagName).toBe('EM');
    expect(amount.querySelector('img, [onerror]')).toBeNull();
    const note = rows.find((r) => r.textContent?.includes('note'))!;
    expect(within(note).getByText('—')).toBeInTheDocument();
  });
});

describe('DatasetStats', () => {
  it('shows rows, size, partitions, the import and the last append, the exact time on hover', async () => {
    const at = new Date(Date.now() - 3 * 3600_000).toISOString();
    const imported = new Date(Date.now() - 2 * 86_400_000).toISOString();
    show(
      <DatasetStats
        metadata={{
          row_count: 30_000_000,
          size_bytes: 2_100_000_000,
          partitions: 30,
          partition_columns: ['block_date'],
          imported_at: imported,
          appended_at: at,
        }}
      />,
    );
    const value = (term: string) => {
      const dt = screen.getByText(term);
      expect(dt.tagName).toBe('DT');
      return dt.nextElementSibling!.textContent;
    };
    expect(value('Rows')).toBe('30,000,000');
    expect(value('Size')).toBe('2 GiB');
    expect(value('Partitions')).toBe('30 partitions by block_date');
    expect(value('Imported')).toBe('2 days ago');
    expect(value('Last append')).toBe('3 hours ago');
    await userEvent.hover(screen.getByText('3 hours ago'));
    expect(await screen.findByText(new RegExp(localDateTime(at)!))).toBeInTheDocument();
  });

  it('shows only what the metadata has, and nothing for none', () => {
    show(<DatasetStats metadata={{ row_count: 1, size_bytes: 512 }} />);
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(screen.getByText('512 B')).toBeInTheDocument();
    expect(screen.queryByText('Partitions')).toBeNull();
    expect(screen.queryByText('Last append')).toBeNull();
    cleanup();
    // a first import: when it was imported, and no append
    show(<DatasetStats metadata={{ imported_at: new Date().toISOString() }} />);
    expect(screen.getByText('Imported')).toBeInTheDocument();
    expect(screen.queryByText('Last append')).toBeNull();
    cleanup();
    show(<DatasetStats metadata={{ description: 'x' }} />);
    expect(screen.getByTestId('box')).toBeEmptyDOMElement();
  });
});
