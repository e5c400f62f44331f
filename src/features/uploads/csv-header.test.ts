import { describe, expect, it } from 'vitest';
import {
  csvForUpload,
  headerLineEnd,
  headerText,
  MAX_HEADER_BYTES,
  withHeader,
} from './csv-header';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('headerLineEnd', () => {
  it('finds the end of the first line, LF or CRLF', () => {
    expect(headerLineEnd(bytes('a,b\n1,2\n'))).toEqual({ end: 4, crlf: false });
    expect(headerLineEnd(bytes('a,b\r\n1,2\r\n'))).toEqual({ end: 5, crlf: true });
  });

  it('skips line breaks inside quotes and reports none when there is none', () => {
    expect(headerLineEnd(bytes('"a\nx",b\n1,2'))).toEqual({ end: 8, crlf: false });
    expect(headerLineEnd(bytes('a,b'))).toEqual({ end: -1, crlf: false });
  });
});

describe('headerText', () => {
  it('reads the header without BOM and line break', () => {
    expect(headerText(bytes('\uFEFFid,name\r\n1,x'))).toBe('id,name');
    expect(headerText(bytes('id,name'))).toBe('id,name');
  });
});

describe('withHeader', () => {
  it('replaces only the header line and keeps the rows byte for byte', async () => {
    const rows = '1,"x, ""quoted"""\n2,ünï\n';
    const out = await withHeader(new Blob(['User ID,Full Name\n' + rows]), ['user_id', 'name']);
    expect(await out.text()).toBe('user_id,name\n' + rows);
    expect(out.type).toBe('text/csv');
  });

  it('keeps CRLF line breaks, drops a BOM and handles a quoted header with a line break', async () => {
    const crlf = await withHeader(new Blob(['\uFEFF"A","B"\r\n1,2\r\n']), ['a', 'b']);
    expect(await crlf.text()).toBe('a,b\r\n1,2\r\n');
    const multi = await withHeader(new Blob(['"first\nname",x\n1,2\n']), ['first_name', 'x']);
    expect(await multi.text()).toBe('first_name,x\n1,2\n');
  });

  it('rewrites a file that is only a header line', async () => {
    expect(await (await withHeader(new Blob(['A,B']), ['a', 'b'])).text()).toBe('a,b');
  });

  it('refuses a header line longer than the service reads', async () => {
    const long = new Blob(['x'.repeat(MAX_HEADER_BYTES + 10)]);
    await expect(withHeader(long, ['x'])).rejects.toThrow('longer than 1 MB');
  });
});

describe('csvForUpload', () => {
  it('sends the file itself when the header already has the names', async () => {
    const file = new Blob(['id,name\n1,x\n']);
    expect(await csvForUpload(file, ['id', 'name'])).toBe(file);
  });

  it('rewrites the header when a name changed', async () => {
    const file = new Blob(['id,name\n1,x\n']);
    const out = await csvForUpload(file, ['id', 'label']);
    expect(out).not.toBe(file);
    expect(await out.text()).toBe('id,label\n1,x\n');
  });
});
