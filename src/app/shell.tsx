import { AppShell, Burger, Group, Menu, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBell,
  IconBook,
  IconChartBar,
  IconChevronDown,
  IconCode,
  IconDatabase,
  IconGauge,
  IconLayoutDashboard,
  IconLogout,
  IconRefresh,
  IconSettings,
  IconTopologyStar3,
  IconUpload,
} from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSignOut } from '../features/auth/api';
import { useSession } from '../lib/session';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { ContextSwitcher } from './context-switcher';

const NAV = [
  { to: '/queries', label: 'Queries', icon: IconCode },
  { to: '/dashboards', label: 'Dashboards', icon: IconLayoutDashboard },
  { to: '/datasets', label: 'Datasets', icon: IconDatabase },
  { to: '/uploads', label: 'Uploads', icon: IconUpload },
  { to: '/materialized-views', label: 'Materialized views', icon: IconRefresh },
  { to: '/pipelines', label: 'Pipelines', icon: IconTopologyStar3 },
  { to: '/alerts', label: 'Alerts', icon: IconBell },
  { to: '/usage', label: 'Usage', icon: IconGauge },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;

/** The signed-in frame: header (context, theme, user) and the section navigation. */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" />
            <Group gap={6} wrap="nowrap">
              <IconChartBar size={20} color="var(--mantine-primary-color-filled)" />
              <Text fw={700}>Strata</Text>
            </Group>
            <ContextSwitcher />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label="Account menu" data-testid="user-menu">
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{user.display_name || user.handle}</Text>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Signed in as {user.handle}</Menu.Label>
                <Menu.Item
                  leftSection={<IconSettings size={14} />}
                  onClick={() => void navigate({ to: '/settings' })}
                >
                  Settings
                </Menu.Item>
                <Menu.Item
                  component="a"
                  href="/api/docs"
                  target="_blank"
                  rel="noopener"
                  leftSection={<IconBook size={14} />}
                >
                  API reference
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconLogout size={14} />}
                  onClick={() =>
                    signOut.mutate(undefined, {
                      onSuccess: () => void navigate({ to: '/sign-in' }),
                    })
                  }
                >
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={18} stroke={1.6} />}
            onClick={close}
            active={path === item.to || path.startsWith(`${item.to}/`)}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
