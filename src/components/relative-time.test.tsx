import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { localDateTime } from '../lib/time';
import { RelativeTime } from './relative-time';

afterEach(cleanup);

const show = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('RelativeTime', () => {
  it('says how long ago, with the exact time in the element and on hover', async () => {
    const iso = new Date(Date.now() - 3 * 3600_000).toISOString();
    show(<RelativeTime iso={iso} openDelay={0} />);
    const time = screen.getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', iso);
    await userEvent.hover(time);
    expect(await screen.findByText(localDateTime(iso)!)).toBeInTheDocument();
  });

  it('shows its own hover text when given one', async () => {
    const iso = new Date(Date.now() + 2 * 3600_000).toISOString();
    show(<RelativeTime iso={iso} label="06:00 UTC" openDelay={0} />);
    await userEvent.hover(screen.getByText('in 2 hours'));
    expect(await screen.findByText('06:00 UTC')).toBeInTheDocument();
  });

  it('shows a time it cannot read as given', () => {
    show(<RelativeTime iso="soon" />);
    expect(screen.getByText('soon')).toBeInTheDocument();
  });
});
