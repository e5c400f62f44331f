import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Preview } from './preview';
import { runUpload } from './run-upload';
import { schemaOf, startColumns } from './start-columns';
import { TypesStep, type ColumnDraft } from './types-step';

const WEI = '7786596450288373164569331648084';
const CSV = `Order ID,Amount,Paid,Value (wei),Token\n1001,9.5,true,${WEI},0xaa\n1002,12,false,1,0x1f\n`;
const preview: Preview = {
  header: ['Order ID', 'Amount', 'Paid', 'Value (wei)', 'Token'],
  rows: [
    ['1001', '9.5', 'true', WEI, '0xaa'],
    ['1002', '12', 'false', '1', '0x1f'],
  ],
  more: false,
};

/** The types step with its state, exposing the columns it holds. */
function renderStep() {
  const seen: { columns: ColumnDraft[] } = { columns: startColumns(preview) };
  function Harness() {
    const [columns, setColumns] = useState(seen.columns);
    seen.columns = columns;
    return <TypesStep preview={preview} columns={columns} onChange={setColumns} />;
  }
  render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
  return seen;
}

/** XMLHttpRequest that records the body and answers like the insert endpoint. */
class FakeXhr {
  static sent: { url: string; headers: Record<string, string>; body: Blob }[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  abort() {}
  send(body: Blob) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    this.upload.onload?.();
    this.status = 200;
    this.responseText = JSON.stringify({ name: 'x', rows_written: 2, bytes_written: body.size });
    this.onload?.();
  }
}

// jsdom's Blob cannot read itself; browsers' can (FileReader reads it in jsdom too).
beforeAll(() => {
  const read = (blob: Blob, as: 'text' | 'buffer') =>
    new Promise<string | ArrayBuffer>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(r.result as string | ArrayBuffer);
      if (as === 'text') r.readAsText(blob);
      else r.readAsArrayBuffer(blob);
    });
  Blob.prototype.arrayBuffer ??= function (this: Blob) {
    return read(this, 'buffer') as Promise<ArrayBuffer>;
  };
  Blob.prototype.text ??= function (this: Blob) {
    return read(this, 'text') as Promise<string>;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TypesStep', () => {
  it('shows the rows with suggested names and types', () => {
    renderStep();
    expect(screen.getByRole('textbox', { name: 'Name of column 1' })).toHaveValue('order_id');
    expect(screen.getByRole('combobox', { name: 'Type of column 1' })).toHaveValue('bigint');
    expect(screen.getByRole('combobox', { name: 'Type of column 2' })).toHaveValue('double');
    expect(screen.getByRole('combobox', { name: 'Type of column 3' })).toHaveValue('boolean');
    // A wei amount past 64 bits is proposed exact, short 0x hex as bytes.
    expect(screen.getByRole('textbox', { name: 'Name of column 4' })).toHaveValue('value_wei');
    expect(screen.getByRole('combobox', { name: 'Type of column 4' })).toHaveValue('uint256');
    expect(screen.getByRole('combobox', { name: 'Type of column 5' })).toHaveValue('varbinary');
    expect(screen.getByText('1002')).toBeInTheDocument();
  });

  it('flags a name that breaks the rule or repeats another', () => {
    renderStep();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of column 2' }), {
      target: { value: '2x' },
    });
    expect(screen.getByText('Must not start with a digit')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of column 2' }), {
      target: { value: 'paid' },
    });
    expect(screen.getAllByText('Another column has this name')).toHaveLength(2);
  });

  it('a changed type and name are what the upload sends: schema and header', async () => {
    const user = userEvent.setup();
    const seen = renderStep();
    await user.click(screen.getByRole('combobox', { name: 'Type of column 1' }));
    await user.click(screen.getByRole('option', { name: 'varchar' }));
    expect(screen.getByText('changed')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of column 2' }), {
      target: { value: 'total' },
    });

    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ full_name: 'dune.ann.orders' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.sent = [];
    const out = await runUpload(
      {
        ctx: 'ann',
        namespace: 'ann',
        table: 'orders',
        mode: 'new',
        actions: ['create', 'insert'],
        columns: schemaOf(seen.columns),
        description: '',
        isPrivate: false,
        file: new Blob([CSV]),
      },
      () => {},
    );

    expect(out).toEqual({ fullName: 'dune.ann.orders', rowsWritten: 2 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/uploads');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      namespace: 'ann',
      table_name: 'orders',
      schema: [
        { name: 'order_id', type: 'varchar', nullable: true, description: 'Order ID' },
        { name: 'total', type: 'double', nullable: true, description: 'Amount' },
        { name: 'paid', type: 'boolean', nullable: true },
        { name: 'value_wei', type: 'uint256', nullable: true, description: 'Value (wei)' },
        { name: 'token', type: 'varbinary', nullable: true },
      ],
    });
    const sent = FakeXhr.sent[0]!;
    expect(sent.url).toBe('/api/v1/uploads/ann/orders/insert');
    expect(sent.headers['content-type']).toBe('text/csv');
    expect(await sent.body.text()).toBe(
      `order_id,total,paid,value_wei,token\n1001,9.5,true,${WEI},0xaa\n1002,12,false,1,0x1f\n`,
    );
  });
});
