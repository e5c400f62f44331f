import { FIRST_PAINT_MARKS } from '../../shared/pages/page-protocol.js';

/**
 * The stylesheet of a public dashboard's first paint (first-paint-html.ts), put in the page's
 * head as a `<style>` (the CSP allows inline styles: `style-src 'self' 'unsafe-inline'`). Every
 * rule is under `.sfp`, which React removes when the app mounts, but the page's own (as the app's
 * stylesheet sets them) and the dark page ground: a visitor whose scheme the server does not know
 * (the app's default, "auto") gets the dark one when the system prefers it, by a media query,
 * until Mantine marks the page with its scheme.
 * Colors, font and sizes are the app's (Mantine's grays and dark-7 ground, src/app/theme.ts's font).
 */
const LIGHT =
  '--sfp-text:#000;--sfp-dimmed:#868e96;--sfp-border:#ced4da;--sfp-paper:#fff;--sfp-stripe:#f8f9fa;--sfp-link:#4c6ef5;--sfp-pos:#2f9e44;--sfp-neg:#e03131;--sfp-warn:#e8590c';
const DARK =
  '--sfp-text:#c9c9c9;--sfp-dimmed:#828282;--sfp-border:#424242;--sfp-paper:#242424;--sfp-stripe:#2e2e2e;--sfp-link:#748ffc;--sfp-pos:#40c057;--sfp-neg:#fa5252;--sfp-warn:#ffa94d';
const DARK_SET = ':root[data-mantine-color-scheme=dark]';
const DARK_AUTO = ':root:not([data-mantine-color-scheme])';

export const FIRST_PAINT_CSS = [
  // The app's stylesheets come after the first paint (first-paint-page.ts): what they set on the
  // page itself is set here too, so nothing moves or changes color when they arrive.
  'body{margin:0}.sfp,.sfp *,.sfp *::before,.sfp *::after{box-sizing:border-box}',
  `${DARK_SET}{color-scheme:dark}${DARK_SET} body{background:#242424}`,
  // Lifted over the page by the app (src/lib/server-first-paint.ts) until it drew the charts.
  `.${FIRST_PAINT_MARKS.over}{position:absolute;top:0;left:0;width:100%;z-index:150;pointer-events:none;background:var(--sfp-paper)}`,
  `.sfp{${LIGHT};min-height:100vh;color:var(--sfp-text);font-size:16px;line-height:1.55;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}`,
  `${DARK_SET} .sfp{${DARK}}`,
  `@media (prefers-color-scheme:dark){${DARK_AUTO}{color-scheme:dark}${DARK_AUTO} body{background:#242424}${DARK_AUTO} .sfp{${DARK}}${DARK_AUTO} .sfp-light{display:none}${DARK_AUTO} .sfp-dark{display:block}}`,
  `.sfp-dark{display:none}${DARK_SET} .sfp-light{display:none}${DARK_SET} .sfp-dark{display:block}`,
  '.sfp-bar{height:52px;padding:0 16px;display:flex;align-items:center;justify-content:space-between;border-bottom:1px solid var(--sfp-border)}',
  '.sfp-brand{display:flex;align-items:center;gap:6px;color:inherit;text-decoration:none;font-weight:700;font-size:16px}',
  '.sfp-mark{color:var(--sfp-link)}',
  '.sfp-link{color:var(--sfp-link);text-decoration:none;font-size:14px}',
  '.sfp-container{max-width:1320px;margin:0 auto;padding:16px}',
  '.sfp-head{margin-bottom:16px}',
  '.sfp-head h2{margin:0;font-size:26px;line-height:1.35;font-weight:700;overflow-wrap:anywhere}',
  '.sfp-by{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:4px;font-size:14px;line-height:1.45}',
  '.sfp-tag{font-size:10px;font-weight:700;text-transform:uppercase;padding:0 8px;border-radius:16px;background:var(--sfp-stripe);color:var(--sfp-link);line-height:18px}',
  '.sfp-dimmed{color:var(--sfp-dimmed)}',
  `.sfp-grid{display:grid;grid-template-columns:repeat(12,minmax(0,1fr));grid-auto-rows:40px;gap:12px}`,
  '.sfp-grid>div{min-width:0}',
  '.sfp-frame{height:100%;display:flex;flex-direction:column;gap:6px;overflow:hidden;padding:10px;border:1px solid var(--sfp-border);border-radius:8px;background:var(--sfp-paper)}',
  '.sfp-title{flex:none;height:22px;line-height:22px;font-size:14px;font-weight:600;white-space:nowrap;overflow:hidden;display:flex;align-items:baseline;gap:8px}',
  '.sfp-name,.sfp-caption{flex:0 1 auto;min-width:0;overflow:hidden;text-overflow:ellipsis}',
  '.sfp-caption{max-width:60%;font-size:12px;font-weight:400;color:var(--sfp-dimmed)}.sfp-caption.sfp-other{color:var(--sfp-warn)}',
  '.sfp-body{flex:1;min-height:0;overflow:hidden;position:relative}',
  '.sfp-text{overflow:auto;white-space:pre-wrap;font-size:14px;line-height:1.55}',
  '.sfp-chart{width:100%;height:100%}.sfp-chart>svg{display:block}',
  '.sfp-message{height:100%;display:flex;align-items:center;justify-content:center;text-align:center;font-size:14px;color:var(--sfp-dimmed)}',
  '.sfp-counter{height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4px}',
  '.sfp-number{font-size:40px;font-weight:700;line-height:1.2}',
  '.sfp-small{font-size:13px}',
  '.sfp-positive{color:var(--sfp-pos)}.sfp-negative{color:var(--sfp-neg)}',
  '.sfp-table{width:100%;border-collapse:collapse;font-size:13px}',
  '.sfp-table th,.sfp-table td{padding:4px 8px;text-align:left;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:240px;border-bottom:1px solid var(--sfp-border)}',
  '.sfp-table th{background:var(--sfp-stripe);font-weight:700}',
  '.sfp-table .sfp-end{text-align:right}.sfp-table .sfp-mid{text-align:center}',
  '.sfp-param{height:100%;display:flex;align-items:flex-end;color:var(--sfp-dimmed)}',
].join('\n');
