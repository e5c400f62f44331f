import { describe, expect, it } from 'vitest';
import {
  dashboardInputs,
  dashboardValues,
  parameterOf,
  paramsQuery,
  parseDashboardSearch,
  valueParam,
  valuesFor,
  withDefaults,
} from './params';

const pos = { col: 0, row: 0, size_x: 3, size_y: 2 };
const dashboard = {
  param_widgets: [
    { widget_id: 'a', key: 'chain', query_id: 7, visualization_widget_id: 1, position: pos },
    { widget_id: 'b', key: 'days', query_id: 7, visualization_widget_id: 1, position: pos },
    { widget_id: 'c', key: 'chain', query_id: 7, visualization_widget_id: 2, position: pos },
    { widget_id: 'd', key: 'n', query_id: 8, visualization_widget_id: 3, position: pos },
  ],
};

describe('dashboard URL state', () => {
  it('keeps valid values and refresh, drops the rest', () => {
    expect(
      parseDashboardSearch({
        refresh: '5m',
        'p.7.chain': 'eth',
        'p.8.n': 5,
        'p.x.y': 'bad',
        other: 'x',
        'p.7.obj': { a: 1 },
        'p.7.long': 'x'.repeat(2000),
      }),
    ).toEqual({ refresh: '5m', 'p.7.chain': 'eth', 'p.8.n': '5' });
    expect(parseDashboardSearch({ refresh: '2m' })).toEqual({});
    expect(parseDashboardSearch({ refresh: 'off' })).toEqual({});
  });

  it('gives each visualization widget the values of the parameter widgets that drive it', () => {
    const search = { [valueParam(7, 'chain')]: 'eth', [valueParam(7, 'days')]: '' };
    expect(valuesFor(dashboard, 1, null, search)).toEqual({ chain: 'eth' });
    expect(valuesFor(dashboard, 2, null, search)).toEqual({ chain: 'eth' });
    expect(valuesFor(dashboard, 3, null, search)).toEqual({});
    expect(valuesFor(dashboard, 9, null, search)).toEqual({});
  });

  it('and those of parameter widgets of the same query', () => {
    const search = { [valueParam(7, 'days')]: '30', [valueParam(8, 'n')]: '5' };
    expect(valuesFor(dashboard, 9, 7, search)).toEqual({ days: '30' });
    expect(valuesFor(dashboard, 9, 8, search)).toEqual({ n: '5' });
    expect(valuesFor(dashboard, 3, 99, search)).toEqual({ n: '5' });
  });

  it('falls back to the default of the parameter in its query', () => {
    const vis = [
      {
        visualization_id: 1,
        visualization: null,
        query: {
          query_id: 8,
          name: 'q',
          owner: 'o',
          parameters: [{ key: 'n', type: 'number' as const, value: '3' }],
          max_result_age_seconds: null,
        },
        error: null,
      },
    ];
    expect(valuesFor(dashboard, 3, 8, {}, vis)).toEqual({ n: '3' });
    expect(valuesFor(dashboard, 3, 8, { [valueParam(8, 'n')]: '9' }, vis)).toEqual({ n: '9' });
    expect(valuesFor(dashboard, 3, 8, {}, [])).toEqual({});
  });

  it('builds params.<key> for the results endpoint', () => {
    expect(paramsQuery({ chain: 'eth', n: '5' })).toEqual({
      'params.chain': 'eth',
      'params.n': '5',
    });
  });

  it('finds a parameter definition through the query of any visualization', () => {
    const def = { key: 'n', type: 'number' as const, value: '3' };
    const vis = [
      { visualization_id: 1, visualization: null, query: null, error: 'gone' },
      {
        visualization_id: 2,
        visualization: null,
        query: {
          query_id: 8,
          name: 'q',
          owner: 'o',
          parameters: [def],
          max_result_age_seconds: null,
        },
        error: null,
      },
    ];
    expect(parameterOf(vis, 8, 'n')).toEqual(def);
    expect(parameterOf(vis, 8, 'm')).toBeNull();
    expect(parameterOf(undefined, 8, 'n')).toBeNull();
  });

  it('gives one value input per query and key, naming a key two queries share', () => {
    const def = { key: 'n', type: 'number' as const, value: '3' };
    const vis = [
      {
        visualization_id: 2,
        visualization: null,
        query: {
          query_id: 8,
          name: 'q',
          owner: 'o',
          parameters: [def],
          max_result_age_seconds: null,
        },
        error: null,
      },
    ];
    const inputs = dashboardInputs(
      {
        param_widgets: [
          ...dashboard.param_widgets,
          { widget_id: 'e', key: 'chain', query_id: 8, visualization_widget_id: 3, position: pos },
        ],
      },
      vis,
    );
    expect(inputs.map(({ name, query_id, key }) => ({ name, query_id, key }))).toEqual([
      { name: 'chain (query 7)', query_id: 7, key: 'chain' },
      { name: 'days', query_id: 7, key: 'days' },
      { name: 'n', query_id: 8, key: 'n' },
      { name: 'chain (query 8)', query_id: 8, key: 'chain' },
    ]);
    expect(inputs[2]!.parameter).toEqual(def);
    expect(inputs[0]!.parameter).toEqual({ key: 'chain (query 7)', type: 'text' });
  });
});

describe('the values a widget names', () => {
  it('fills a run’s values with the defaults of the query’s other parameters', () => {
    const defs = [
      { key: 'chain', type: 'text' as const, value: 'base' },
      { key: 'days', type: 'number' as const, value: '7' },
      { key: 'tokens', type: 'enum' as const, isMultiselect: true, values: ['a', 'b'] },
      { key: 'note', type: 'text' as const },
    ];
    expect(withDefaults({ chain: 'ethereum' }, defs)).toEqual({
      chain: 'ethereum',
      days: '7',
      tokens: ['a', 'b'],
      note: '',
    });
    expect(withDefaults({ chain: 'ethereum' }, [])).toEqual({});
  });

  it('reads what the dashboard’s parameter widgets set, by key', () => {
    const visualizations = [
      {
        visualization_id: 1,
        visualization: null,
        query: {
          query_id: 7,
          name: 'q',
          owner: 'alice',
          parameters: [
            { key: 'chain', type: 'text' as const, value: 'base' },
            { key: 'days', type: 'number' as const, value: '7' },
          ],
          max_result_age_seconds: null,
        },
        error: null,
      },
    ];
    const search = { [valueParam(8, 'n')]: '3', [valueParam(7, 'days')]: '30' };
    expect(dashboardValues(dashboard, search, visualizations)).toEqual({
      chain: ['base'],
      days: ['30'],
      n: ['3'],
    });
  });
});
