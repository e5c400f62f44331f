import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text';

const show = (text: string) =>
  render(
    <MantineProvider>
      <div data-testid="box">
        <MarkdownText text={text} />
      </div>
    </MantineProvider>,
  );

afterEach(cleanup);

describe('MarkdownText', () => {
  it('renders Markdown: headings, emphasis, lists and safe links', () => {
    show('# Volume\n\nSome **bold** text\n\n- one\n- two\n\n[docs](https://example.com/a)');
    expect(screen.getByRole('heading', { name: 'Volume' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute(
      'href',
      'https://example.com/a',
    );
  });

  it('opens absolute links in a new tab without opener or referrer; relative ones in place', () => {
    show('[out](https://example.com/a), [also](//example.com/b) and [in](/datasets)');
    for (const name of ['out', 'also']) {
      const a = screen.getByRole('link', { name });
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const local = screen.getByRole('link', { name: 'in' });
    expect(local).not.toHaveAttribute('target');
    expect(local).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never renders raw HTML: no img with onerror, no script', () => {
    show('before <img src=x onerror=alert(1)> middle <script>alert(2)</script> after');
    const box = screen.getByTestId('box');
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('[onerror]')).toBeNull();
    expect(box.textContent).toContain('before');
    expect(box.textContent).toContain('after');
  });

  it('strips javascript: links and image sources', () => {
    show('[click](javascript:alert(1)) and ![pic](javascript:alert(2)) and [ok](/fine)');
    const box = screen.getByTestId('box');
    for (const a of box.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    for (const img of box.querySelectorAll('img'))
      expect(img.getAttribute('src') ?? '').not.toMatch(/^\s*javascript:/i);
    expect(screen.getByRole('link', { name: 'ok' })).toHaveAttribute('href', '/fine');
    expect(box.innerHTML).not.toMatch(/javascript:/i);
  });

  it('keeps Markdown images with safe URLs', () => {
    show('![logo](https://example.com/logo.png)');
    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute(
      'src',
      'https://example.com/logo.png',
    );
  });
});
