/**
 * The bench's bare dashboard page: plain HTML with no app, that loads ECharts' own build from
 * node_modules and draws the same widgets from the same results, fetched from the same API
 * endpoints the dashboard reads (one per query, all at once, started before ECharts loads).
 * Widgets are marked as Strata's are (`data-widget`, `data-painted`, a counter's value, a table's
 * cells), so one wait times both pages.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One widget of the bare page: what to draw, and the URL of its result. */
export type BareWidget = {
  widget: string;
  url: string;
  type: string;
  options: Record<string, unknown>;
};

const ECHARTS = path.resolve('node_modules/echarts/dist/echarts.min.js');

/**
 * Draws every widget once its result has arrived. Plain JavaScript run by the page (a function's
 * source after TypeScript transpiling could carry helpers the page does not have).
 */
const DRAW = String.raw`
const grid = document.getElementById('grid');
for (const w of widgets) {
  const box = document.createElement('div');
  box.className = 'card';
  box.setAttribute('data-widget', w.widget);
  box.innerHTML = '<div class="title"></div><div class="body"></div>';
  box.querySelector('.title').textContent = w.options.name;
  grid.appendChild(box);
  const body = box.querySelector('.body');
  results[w.url].then((page) => {
    const rows = page.result.rows;
    const o = w.options;
    if (w.type === 'counter') {
      const v = document.createElement('div');
      v.className = 'counter';
      v.setAttribute('data-testid', 'counter-value');
      const n = Number(rows[(o.rowNumber || 1) - 1][o.counterColName]);
      v.textContent = (o.stringPrefix || '') + n.toLocaleString('en-US', { maximumFractionDigits: 2 });
      body.appendChild(v);
      return;
    }
    if (w.type === 'table') {
      const cols = Object.keys(rows[0] || {});
      const head = cols.map((c) => '<div role="columnheader">' + c + '</div>').join('');
      const cells = rows.slice(0, 50).map((r) =>
        '<div role="row">' + cols.map((c) => '<div role="cell">' + r[c] + '</div>').join('') + '</div>').join('');
      body.innerHTML = '<div role="table" data-testid="viz-table" class="table"><div role="row">' + head +
        '</div><div role="rowgroup">' + cells + '</div></div>';
      return;
    }
    const m = o.columnMapping;
    const x = Object.keys(m).find((k) => m[k] === 'x');
    const ys = Object.keys(m).filter((k) => m[k] === 'y');
    const by = Object.keys(m).find((k) => m[k] === 'series');
    const kind = o.globalSeriesType;
    const xs = [...new Set(rows.map((r) => String(r[x])))];
    let series;
    if (kind === 'pie') series = [{ type: 'pie', data: rows.map((r) => ({ name: String(r[x]), value: r[ys[0]] })) }];
    else if (kind === 'scatter') series = ys.map((y) => ({ type: 'scatter', name: y, data: rows.map((r) => [r[x], r[y]]) }));
    else {
      const groups = by ? [...new Set(rows.map((r) => String(r[by])))] : [null];
      series = groups.flatMap((g) => ys.map((y) => {
        const byX = new Map(rows.filter((r) => g === null || String(r[by]) === g).map((r) => [String(r[x]), r[y]]));
        return {
          type: kind === 'column' ? 'bar' : 'line',
          name: g === null ? y : g,
          stack: o.series && o.series.stacking ? 'all' : undefined,
          areaStyle: kind === 'area' ? {} : undefined,
          data: xs.map((v) => (byX.has(v) ? byX.get(v) : null)),
        };
      }));
    }
    const category = { type: 'category', data: xs };
    const value = { type: 'value' };
    const axes = kind === 'pie' ? {} : kind === 'scatter' ? { xAxis: value, yAxis: value }
      : o.swappedAxes ? { xAxis: value, yAxis: category } : { xAxis: category, yAxis: value };
    const el = document.createElement('div');
    el.style.height = '100%';
    body.appendChild(el);
    const chart = echarts.init(el);
    chart.on('finished', () => el.setAttribute('data-painted', 'true'));
    chart.setOption(Object.assign({
      tooltip: { trigger: kind === 'pie' || kind === 'scatter' ? 'item' : 'axis' },
      legend: { show: true, bottom: 0 },
      grid: { left: 48, right: 16, top: 16, bottom: 48 },
      series,
    }, axes));
  });
}
`;

/** The page: results fetched first, then ECharts' script, then the drawing. */
export function barePage(widgets: BareWidget[]): string {
  const json = JSON.stringify(widgets).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare dashboard</title>
<style>
  body { font-family: sans-serif; margin: 16px; }
  #grid { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); grid-auto-rows: 320px; gap: 12px; }
  .card { border: 1px solid #ddd; border-radius: 8px; display: flex; flex-direction: column; min-width: 0; }
  .title { font-weight: 600; padding: 8px 12px; }
  .body { flex: 1; min-height: 0; overflow: auto; }
  .counter { font-size: 40px; text-align: center; padding-top: 80px; }
  .table [role=row] { display: flex; } .table [role=cell], .table [role=columnheader] { flex: 1; padding: 2px 8px; }
</style>
<script>
  const widgets = ${json};
  const results = {};
  for (const w of widgets) results[w.url] ??= fetch(w.url).then((r) => r.json());
</script>
<script src="/bare/echarts.min.js"></script>
</head>
<body>
<div id="grid"></div>
<script>${DRAW}</script>
</body>
</html>`;
}

/** Answers the bare page's two paths, or null for every other request. */
export function bareHandler(widgets: () => BareWidget[]) {
  return (req: Request): Response | null => {
    const { pathname } = new URL(req.url);
    if (pathname === '/bare/dashboard')
      return new Response(barePage(widgets()), {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    if (pathname === '/bare/echarts.min.js')
      return new Response(fs.readFileSync(ECHARTS), {
        headers: { 'content-type': 'text/javascript; charset=utf-8' },
      });
    return null;
  };
}
