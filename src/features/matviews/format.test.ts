import { describe, expect, it } from 'vitest';
import { matviewNameProblem as nameError } from '../../../contract/rules/names';
import { formatBytes } from '../../lib/format';
import { executionStateView as stateView } from '../../lib/execution-state';
import { expiryError, fromLocalInput, toLocalInput } from './format';

describe('nameError', () => {
  it('follows the service rule: result_, then letters, digits and _', () => {
    expect(nameError('result_daily_2')).toBeNull();
    expect(nameError('Result_Daily')).toBeNull();
    expect(nameError('')).toBe('A name is required');
    expect(nameError('daily')).toBe('Must start with "result_"');
    expect(nameError('result_')).toBe('Add something after "result_"');
    expect(nameError('result_a-b')).toBe('Only letters, digits and "_"');
    expect(nameError('result_é')).toBe('Only letters, digits and "_"');
    expect(nameError(`result_${'a'.repeat(122)}`)).toBe('At most 128 characters');
    expect(nameError(`result_${'a'.repeat(121)}`)).toBeNull();
  });
});

describe('expiry', () => {
  const now = new Date('2024-06-01T12:00:00Z');
  it('is optional, must be a time, and in the future', () => {
    expect(expiryError('', now)).toBeNull();
    expect(expiryError('nonsense', now)).toBe('Not a date and time');
    expect(expiryError('2020-01-01T00:00', now)).toBe('Must be in the future');
    expect(expiryError('2099-01-01T00:00', now)).toBeNull();
  });

  it('round-trips between an ISO time and the local input value', () => {
    const iso = fromLocalInput('2030-05-06T07:08');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2030-05-06T07:08');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('formatting', () => {
  it('formats sizes and states', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 KiB');
    expect(formatBytes(-1)).toBe('—');
    expect(stateView('QUERY_STATE_FAILED')).toEqual({ label: 'Failed', color: 'red' });
    expect(stateView('QUERY_STATE_NEW')).toEqual({ label: 'new', color: 'gray' });
  });
});
