import '@mantine/core/styles/Tabs.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { IconKey, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SettingsTab } from './settings-tab';

const TABS: SettingsTab[] = ['teams', 'api-keys'];

/** The settings frame: a title and the tabs; the active tab's page is the child. */
export function SettingsLayout(props: {
  tab: SettingsTab;
  onTab: (tab: SettingsTab) => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={1200}>
      <Title order={2}>Settings</Title>
      <Tabs
        value={props.tab}
        onChange={(v) => {
          if (v === 'teams' || v === 'api-keys') props.onTab(v);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="teams" leftSection={<IconUsersGroup size={16} />}>
            Teams
          </Tabs.Tab>
          <Tabs.Tab value="api-keys" leftSection={<IconKey size={16} />}>
            API keys
          </Tabs.Tab>
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {t === props.tab ? props.children : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
