/** The queries and visualizations of bench/dashboard.ts's 12-widget dashboard. */

/** Twelve visualizations over six queries: every rendered kind. */
export const QUERIES: { sql: string; vizzes: { name: string; type: string; options: object }[] }[] =
  [
    {
      sql: `select date_trunc('day', ts) as day, sum(amount_usd) as volume, count(*) as trades
          from bench.trades group by 1 order by 1`,
      vizzes: [
        chart('Daily volume', 'line', { day: 'x', volume: 'y' }),
        chart('Daily volume (area)', 'area', { day: 'x', volume: 'y' }),
        chart('Daily trades', 'column', { day: 'x', trades: 'y' }),
      ],
    },
    {
      sql: `select token, sum(amount_usd) as volume, count(*) as trades
          from bench.trades group by 1 order by 2 desc`,
      vizzes: [
        chart('Volume by token', 'pie', { token: 'x', volume: 'y' }),
        chart('Trades by token', 'column', { token: 'x', trades: 'y' }, { swappedAxes: true }),
        { name: 'Tokens', type: 'table', options: {} },
      ],
    },
    {
      sql: `select date_trunc('day', ts) as day, side, sum(amount_usd) as volume
          from bench.trades group by 1, 2 order by 1, 2`,
      vizzes: [
        chart(
          'Volume by side',
          'column',
          { day: 'x', volume: 'y', side: 'series' },
          { series: { stacking: 'stack' } },
        ),
      ],
    },
    {
      sql: `select sum(amount_usd) as total_volume, count(*) as total_trades from bench.trades`,
      vizzes: [
        {
          name: 'Total volume',
          type: 'counter',
          options: { counterColName: 'total_volume', rowNumber: 1, stringPrefix: '$' },
        },
        {
          name: 'Total trades',
          type: 'counter',
          options: { counterColName: 'total_trades', rowNumber: 1 },
        },
      ],
    },
    {
      sql: `select amount_usd, fee_usd from bench.trades where id % 40 = 0`,
      vizzes: [
        chart('Fee against size', 'scatter', { amount_usd: 'x', fee_usd: 'y' }),
        { name: 'Sampled trades', type: 'table', options: {} },
      ],
    },
    {
      sql: `select date_trunc('hour', ts) as hour, avg(amount_usd) as avg_trade
          from bench.trades group by 1 order by 1`,
      vizzes: [chart('Average trade by hour', 'line', { hour: 'x', avg_trade: 'y' })],
    },
  ];

function chart(name: string, kind: string, columnMapping: object, extra: object = {}) {
  return {
    name,
    type: 'chart',
    options: { globalSeriesType: kind, columnMapping, legend: { enabled: true }, ...extra },
  };
}
