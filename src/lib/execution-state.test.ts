import { describe, expect, it } from 'vitest';
import { EXECUTION_STATES } from '../../contract/rules/enums';
import { executionStateView } from './execution-state';

describe('executionStateView', () => {
  it('names and colors every state', () => {
    for (const state of EXECUTION_STATES) expect(executionStateView(state).label).not.toBe('');
    expect(executionStateView('QUERY_STATE_FAILED')).toEqual({ label: 'Failed', color: 'red' });
    expect(executionStateView('QUERY_STATE_EXECUTING')).toEqual({
      label: 'Executing',
      color: 'blue',
    });
  });
  it('takes a more specific name for the running state', () => {
    expect(executionStateView('QUERY_STATE_EXECUTING', { executing: 'Refreshing' })).toEqual({
      label: 'Refreshing',
      color: 'blue',
    });
    expect(executionStateView('QUERY_STATE_PENDING', { executing: 'Refreshing' }).label).toBe(
      'Pending',
    );
  });
  it('reads an unknown state as its name', () => {
    expect(executionStateView('QUERY_STATE_NEW')).toEqual({ label: 'new', color: 'gray' });
  });
});
