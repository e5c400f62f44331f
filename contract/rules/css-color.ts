/**
 * The grammar of a color in a visualization's options (`seriesOptions[key].color`,
 * `valuesOptions[label].color`), defined once: the server refuses other values on save (400),
 * the chart options ignore them on read (rows saved before the check), the app's form says so.
 *
 * It is the CSS colors that every drawer of a chart reads alike: the browser, ECharts (which
 * lightens a color for hover) and resvg (the link previews' PNG, which draws black for forms it
 * does not know: `hsl(120deg …)`, a fractional hue, an alpha in percent, `.5` as a channel,
 * `rebeccapurple`), so nothing that passes can break the SVG drawn on the server or draw
 * differently there:
 * - `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`;
 * - `rgb(r, g, b)`, `rgba(r, g, b, a)`: channels 0-255 or percentages, alpha a number;
 * - `hsl(h, s%, l%)`, `hsla(h, s%, l%, a)`: the hue in whole degrees, alpha a number;
 * - a CSS color name (`steelblue`) or `transparent`.
 * Case does not matter; blanks around the parts are allowed.
 */

export const CSS_COLOR_RULE =
  'a color is a hex color such as #1f77b4, rgb(r, g, b), rgba(r, g, b, a), hsl(h, s%, l%), hsla(h, s%, l%, a) or a CSS color name';

/** Longer than any color of the grammar with generous blanks. */
const MAX_LENGTH = 64;

const DECIMAL = String.raw`\d{1,10}(?:\.\d{1,10})?`;
const CHANNEL = `\\s*${DECIMAL}%?\\s*`;
const PERCENT = `\\s*${DECIMAL}%\\s*`;
const ALPHA = `\\s*(?:${DECIMAL}|\\.\\d{1,10})\\s*`;
const HUE = String.raw`\s*-?\d{1,10}\s*`;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = new RegExp(`^rgba?\\(${CHANNEL},${CHANNEL},${CHANNEL}(?:,${ALPHA})?\\)$`, 'i');
const HSL = new RegExp(`^hsla?\\(${HUE},${PERCENT},${PERCENT}(?:,${ALPHA})?\\)$`, 'i');

/**
 * CSS's color keywords (CSS Color 3's list, which resvg draws alike; not CSS 4's rebeccapurple,
 * which it draws black) and `transparent`.
 */
const NAMED: ReadonlySet<string> = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
  blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk
  crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
  darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
  darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
  dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite
  gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
  lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
  lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen
  magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
  mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream
  mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
  palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
  powderblue purple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell
  sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal
  thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen
  transparent`.split(/\s+/),
);

/** Whether `v` is a color of the grammar above. */
export function isCssColor(v: unknown): v is string {
  if (typeof v !== 'string' || v.length > MAX_LENGTH) return false;
  const s = v.trim();
  return HEX.test(s) || RGB.test(s) || HSL.test(s) || NAMED.has(s.toLowerCase());
}

/** The options that hold colors: `<map>[key].color`, where `map` is one of these. */
const COLOR_MAPS = ['seriesOptions', 'valuesOptions'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first color of a visualization's options that breaks the grammar: where it is (under
 * `options`) and why; null when there is none. A color left unset (absent, null or empty) is fine.
 */
export function colorOptionProblem(
  options: Record<string, unknown>,
): { path: string[]; message: string } | null {
  for (const map of COLOR_MAPS) {
    const entries = options[map];
    if (!isRecord(entries)) continue;
    for (const [key, entry] of Object.entries(entries)) {
      const color = isRecord(entry) ? entry.color : undefined;
      if (color === undefined || color === null || color === '' || isCssColor(color)) continue;
      const shown = typeof color === 'string' ? JSON.stringify(color.slice(0, 40)) : typeof color;
      return {
        path: [map, key.slice(0, 100), 'color'],
        message: `${shown} is not a color: ${CSS_COLOR_RULE}`,
      };
    }
  }
  return null;
}
