import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NodeCard, type NodeCardInfo } from './node-card';

const base: NodeCardInfo = {
  id: 2,
  kind: 'query',
  title: 'Daily volume',
  subtitle: 'Query #12',
  tier: 'medium',
  state: 'idle',
};

function show(info: Partial<NodeCardInfo>, onRemove?: () => void) {
  render(
    <MantineProvider>
      <NodeCard info={{ ...base, ...info }} scheme="light" onRemove={onRemove} />
    </MantineProvider>,
  );
  return screen.getByRole('group', { name: 'Node 2: Daily volume' });
}

afterEach(cleanup);

describe('NodeCard', () => {
  it('shows what the node runs, its tier and that it has not run', () => {
    const card = show({});
    expect(card).toHaveAttribute('data-status', 'idle');
    expect(card).toHaveTextContent('Query #12');
    expect(screen.getByLabelText('Tier medium')).toHaveTextContent('· medium');
    expect(screen.getByTestId('node-status')).toHaveTextContent('Not run');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('node-error')).toBeNull();
  });

  it('shows a completed node with a link to its execution', () => {
    show({ state: 'completed', executionId: '01JX' });
    expect(screen.getByTestId('node-status')).toHaveTextContent('Completed');
    expect(screen.getByRole('link', { name: 'Execution of node 2' })).toHaveAttribute(
      'href',
      '/executions/01JX',
    );
  });

  it('shows a failed node with its error and execution link', () => {
    show({ state: 'failed', executionId: 'e9', error: 'Binder Error: column x not found' });
    expect(screen.getByTestId('node-status')).toHaveTextContent('Failed');
    expect(screen.getByTestId('node-error')).toHaveTextContent('Binder Error: column x not found');
    expect(screen.getByRole('link', { name: 'Execution of node 2' })).toHaveAttribute(
      'href',
      '/executions/e9',
    );
  });

  it('says why a skipped node did not run, with or without the service error', () => {
    show({ state: 'skipped' });
    expect(screen.getByTestId('node-error')).toHaveTextContent(/depends on failed/);
    cleanup();
    show({ state: 'skipped', error: 'dependency 1 failed' });
    expect(screen.getByTestId('node-error')).toHaveTextContent('dependency 1 failed');
  });

  it('removes the node from its button, a view node shows its full name', () => {
    const onRemove = vi.fn();
    show({ kind: 'view', subtitle: 'dune.team.result_x' }, onRemove);
    expect(screen.getByLabelText('Materialized view')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove node 2' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
