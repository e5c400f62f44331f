/**
 * The one escaper of text put into HTML or XML by hand: the server's link-preview tags and page
 * head, its SVG cards and first paint, and the app's embed snippet.
 */

/** Characters XML 1.0 does not allow anywhere (C0 controls but tab and line ends, lone surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text safe inside an element or a quoted attribute of HTML, SVG or XML: markup characters
 * escaped, characters XML does not allow left out (one would make a whole SVG unreadable, and
 * HTML does not allow them either).
 */
export const escapeMarkup = (s: string): string =>
  s.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
