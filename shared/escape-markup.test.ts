import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './escape-markup';

describe('escapeMarkup', () => {
  it('escapes markup and both quotes', () => {
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('leaves out characters XML does not allow, keeps tabs, line ends and pairs', () => {
    expect(escapeMarkup('a\u0000b\u0008c\td\ne\rf\uFFFEg\uD800h😀')).toBe('abc\td\ne\rfgh😀');
  });
});
