import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { isCssColor } from '../../contract/rules/css-color.js';
import { escapeMarkup } from '../../shared/escape-markup.js';

/**
 * The one way an SVG drawn on the server (ECharts' answer, a preview card) leaves for a page or
 * for the PNG renderer: parsed as XML and written anew from an allowlist. An element not on the
 * list is dropped with everything in it (`script`, `style`, `image`, `use`, `a`,
 * `foreignObject`, ...); an attribute not on its element's list, or whose value breaks the
 * attribute's grammar, is dropped; text and values are escaped as they are written. So nothing
 * that an option smuggled into ECharts' output (which does not escape attribute values) reaches
 * a page as markup, and the PNG renderer is handed no reference to anything but the document's
 * own elements (`url(#id)`): no `href` at all, so it reads no file.
 */

/** A value's grammar: the value to write, or null to drop the attribute. */
type Grammar = (v: string) => string | null;

const matches =
  (re: RegExp): Grammar =>
  (v) =>
    re.test(v) ? v : null;

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
const number = matches(new RegExp(`^${NUMBER}$`, 'i'));
const length = matches(new RegExp(`^${NUMBER}(?:px|%)?$`, 'i'));
const numbers = matches(/^[\d\s,.eE+-]*$/);
const pathData = matches(/^[MmLlHhVvCcSsQqTtAaZz\d\s,.eE+-]*$/);
const transform = matches(
  /^(?:\s*(?:matrix|translate|scale|rotate|skewX|skewY)\s*\([\d\s,.eE+-]*\)\s*,?)*\s*$/,
);
const keyword = matches(/^[A-Za-z-]{1,40}$/);
const ID = /^[A-Za-z_][\w.-]{0,99}$/;
const id = matches(ID);
const LOCAL_URL = /^url\(#([A-Za-z_][\w.-]{0,99})\)$/;
const localUrl = matches(LOCAL_URL);
/** A fill or stroke: none, a color of the options' grammar, or one of the document's elements. */
const paint: Grammar = (v) => (v === 'none' || LOCAL_URL.test(v) || isCssColor(v) ? v : null);
const fontFamily = matches(/^[\w\s,'"-]{1,200}$/);
const fontWeight = matches(/^(?:normal|bold|bolder|lighter|[1-9]00)$/);
/** `font` shorthand as ECharts writes it (`normal normal 12px sans-serif`). */
const font = matches(/^[\w\s.,%'"-]{1,200}$/);

const STYLE_PROPERTIES: Record<string, Grammar> = {
  'font-size': length,
  'font-family': fontFamily,
  'font-weight': fontWeight,
  'font-style': keyword,
  font,
};

/** A `style` attribute, declaration by declaration: only font properties, each checked. */
const style: Grammar = (v) => {
  const kept: string[] = [];
  for (const declaration of v.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = STYLE_PROPERTIES[name]?.(declaration.slice(colon + 1).trim());
    if (value) kept.push(`${name}:${value};`);
  }
  return kept.length ? kept.join('') : null;
};

/** Painting and text attributes, on every drawn element (and inherited from groups). */
const PRESENTATION: Record<string, Grammar> = {
  fill: paint,
  'fill-opacity': number,
  'fill-rule': keyword,
  stroke: paint,
  'stroke-width': length,
  'stroke-opacity': number,
  'stroke-linecap': keyword,
  'stroke-linejoin': keyword,
  'stroke-miterlimit': number,
  'stroke-dasharray': (v) => (v === 'none' ? v : numbers(v)),
  'stroke-dashoffset': length,
  opacity: number,
  'paint-order': keyword,
  transform,
  'clip-path': localUrl,
  style,
  'font-size': length,
  'font-family': fontFamily,
  'font-weight': fontWeight,
  'font-style': keyword,
  'text-anchor': keyword,
  'dominant-baseline': keyword,
  visibility: keyword,
  id,
};

const drawn = (own: Record<string, Grammar>) => ({ ...PRESENTATION, ...own });
const box = { x: length, y: length, width: length, height: length };
const gradient = { id, gradientUnits: keyword, gradientTransform: transform };

/** The elements a chart or a card uses, each with its attributes' grammars. */
const ELEMENTS: Record<string, Record<string, Grammar>> = {
  svg: drawn({ ...box, viewBox: numbers, preserveAspectRatio: matches(/^[\w\s]{1,40}$/) }),
  g: drawn({}),
  defs: { id },
  clipPath: drawn({ clipPathUnits: keyword }),
  linearGradient: { ...gradient, x1: length, y1: length, x2: length, y2: length },
  radialGradient: { ...gradient, cx: length, cy: length, r: length, fx: length, fy: length },
  stop: { offset: length, 'stop-color': paint, 'stop-opacity': number },
  path: drawn({ d: pathData }),
  rect: drawn({ ...box, rx: length, ry: length }),
  circle: drawn({ cx: length, cy: length, r: length }),
  ellipse: drawn({ cx: length, cy: length, rx: length, ry: length }),
  line: drawn({ x1: length, y1: length, x2: length, y2: length }),
  polyline: drawn({ points: numbers }),
  polygon: drawn({ points: numbers }),
  text: drawn({ x: numbers, y: numbers, dx: numbers, dy: numbers, 'xml:space': keyword }),
  tspan: drawn({ x: numbers, y: numbers, dx: numbers, dy: numbers }),
  title: {},
};

/** Each element that may be written, with the attributes it may carry (for tests to hold). */
export const SVG_ALLOWLIST: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(ELEMENTS).map(([name, attrs]) => [
    name,
    new Set([...Object.keys(attrs), ...(name === 'svg' ? ['xmlns'] : [])]),
  ]),
);

/** Elements whose text is kept (elsewhere text is only the blanks between elements). */
const WITH_TEXT = new Set(['text', 'tspan', 'title']);

/** Longest SVG cleaned (characters); a longer one is refused (''). */
export const MAX_SVG_CHARS = 8 * 1024 * 1024;
/** Deepest nesting of elements kept (a chart's is 4 or 5). */
const MAX_DEPTH = 32;

const SVG_NS = 'http://www.w3.org/2000/svg';

function attributesOf(name: string, given: Record<string, string>): string {
  const grammars = ELEMENTS[name]!;
  let out = '';
  for (const [attr, raw] of Object.entries(given)) {
    const value = Object.hasOwn(grammars, attr) ? grammars[attr]!(raw.trim()) : null;
    if (value !== null) out += ` ${attr}="${escapeMarkup(value)}"`;
  }
  return out;
}

class Refused extends Error {}

/**
 * `svg` (a standalone SVG document) written anew from the allowlist above, or '' when it is not
 * well-formed XML, its root is not an `svg` element, or it is longer than MAX_SVG_CHARS. `root`
 * replaces attributes of the root element (its box in a page: `width="100%"`, or `x`, `y`,
 * `width`, `height` in a card), written first; the root always gets the SVG namespace. An element
 * without content is written self-closed.
 */
export function cleanSvg(svg: string, root: Record<string, string> = {}): string {
  if (svg.length > MAX_SVG_CHARS) return '';
  const out: string[] = [];
  /** The open elements: each one's name, or null for one dropped with its content. */
  const open: (string | null)[] = [];
  /** The last start tag written still lacks its `>`: `/>` if nothing comes in it. */
  let unclosed = false;
  const write = (s: string) => {
    if (unclosed) out.push('>');
    unclosed = false;
    out.push(s);
  };
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', (err) => {
    throw new Refused(err.message);
  });
  parser.on('doctype', () => {
    throw new Refused('an SVG with a doctype');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (open.length === 0) {
      if (tag.name !== 'svg') throw new Refused('the root is not an svg element');
      const own = Object.entries(tag.attributes).filter(([a]) => !Object.hasOwn(root, a));
      write(
        `<svg${attributesOf('svg', root)} xmlns="${SVG_NS}"${attributesOf('svg', Object.fromEntries(own))}`,
      );
      unclosed = true;
      open.push('svg');
      return;
    }
    const kept =
      open.at(-1) !== null && Object.hasOwn(ELEMENTS, tag.name) && open.length < MAX_DEPTH;
    open.push(kept ? tag.name : null);
    if (!kept) return;
    write(`<${tag.name}${attributesOf(tag.name, tag.attributes)}`);
    unclosed = true;
  });
  const onText = (text: string) => {
    const current = open.at(-1);
    if (current && WITH_TEXT.has(current) && text) write(escapeMarkup(text));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const name = open.pop();
    if (!name) return;
    if (unclosed) out.push('/>');
    else out.push(`</${name}>`);
    unclosed = false;
  });
  try {
    parser.write(svg).close();
  } catch (err) {
    if (err instanceof Refused) return '';
    throw err;
  }
  return out.join('');
}
