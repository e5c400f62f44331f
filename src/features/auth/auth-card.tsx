import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the sign-in and sign-up pages. */
export function AuthCard(props: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Stack w={380} gap="lg">
        <Stack gap={4} align="center">
          <Title order={1} size="h2">
            Strata
          </Title>
          <Text c="dimmed" size="sm">
            An open SQL analytics workbench
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            {props.title}
          </Title>
          {props.children}
        </Paper>
        <Text size="sm" ta="center">
          {props.footer}
        </Text>
        <Text size="xs" ta="center" c="dimmed">
          Programs use API keys: see the <Anchor href="/api/docs">API reference</Anchor>.
        </Text>
      </Stack>
    </Center>
  );
}
