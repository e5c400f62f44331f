import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { COLOR_SCHEME_COOKIE } from '../../contract/rules/color-scheme.js';
import { FIRST_PAINT_CSS } from '../previews/first-paint-css.js';
import type { Scheme } from '../previews/first-paint-html.js';
import type { BodyPart } from './file-stream.js';

const ROOT = '<div id="root">';
const ROOT_END = '</div>';

/**
 * The schemes to draw a first paint in: the visitor's choice when the app left it in its cookie
 * (src/app/theme.ts), else both (the app's default follows the system, which only the browser
 * knows: the stylesheet shows the one that applies).
 */
export function schemesOf(c: Context): Scheme[] {
  const v = getCookie(c, COLOR_SCHEME_COOKIE);
  return v === 'light' || v === 'dark' ? [v] : ['light', 'dark'];
}

/**
 * `html` ready for a first paint: its stylesheet in the head and, when the visitor's scheme is
 * known, `<html>` marked with it as Mantine marks it (so the page's ground and text are right
 * before any script runs). Unchanged when it has no root element to paint in.
 */
export function withFirstPaintHead(html: string, schemes: Scheme[]): string {
  const head = html.indexOf('</head>');
  if (head < 0 || !html.includes(ROOT)) return html;
  let out = `${html.slice(0, head)}  <style id="first-paint-style">${FIRST_PAINT_CSS}</style>\n  ${html.slice(head)}`;
  if (schemes.length === 1)
    out = out.replace(/<html\b/, `<html data-mantine-color-scheme="${schemes[0]}"`);
  return out;
}

/** A stylesheet link as Vite and withPreloads (spa-page.ts) write them. */
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * `html` (up to its body's end) as body parts with the dashboard's first paint (`paint`, from
 * FirstPaintService.html: null past its budget) in the root element, where React replaces it
 * when the app mounts. The paint is a part of its own, sent when ready: the head before it goes
 * out at once.
 *
 * The app's stylesheets move from the head to just after the root element: a stylesheet in the
 * head holds back every paint until it has loaded, one in the body only what comes after it,
 * and the first paint needs none of them (its own is inline, withFirstPaintHead). They are still
 * fetched from the start (the page's `Link` header names them), and the app's scripts still run
 * only once they have loaded (a parser's stylesheet blocks the scripts after it).
 */
export function withFirstPaintBody(html: string, paint: Promise<string | null>): BodyPart[] {
  const root = html.indexOf(ROOT);
  if (root < 0) return [html];
  const rootEnd = root + ROOT.length;
  if (!html.startsWith(ROOT_END, rootEnd))
    return [html.slice(0, rootEnd), textWhenReady(paint), html.slice(rootEnd)];
  const head = html.slice(0, rootEnd);
  const links = head.match(STYLESHEET) ?? [];
  const after = rootEnd + ROOT_END.length;
  return [
    head.replace(STYLESHEET, ''),
    textWhenReady(paint),
    `${ROOT_END}\n${links.map((l) => `    ${l.trim()}\n`).join('')}${html.slice(after)}`,
  ];
}

/** A stream of the text `text` resolves to (nothing when null). */
function textWhenReady(text: Promise<string | null>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const t = await text;
        if (t) controller.enqueue(new TextEncoder().encode(t));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
