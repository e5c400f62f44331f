import { Anchor, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';

/**
 * An embed page's whole window: a one-line header (the title, a line under it, a link to the
 * content in Strata, opened outside the frame), then the content filling the rest. No app chrome.
 */
export function EmbedFrame(props: {
  title: string;
  subtitle?: ReactNode;
  /** The content's page in Strata. */
  href: string;
  children: ReactNode;
  /** The content scrolls (a dashboard) instead of filling the window exactly (a chart). */
  scroll?: boolean;
}) {
  useEffect(() => {
    document.title = props.title;
  }, [props.title]);
  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }} data-testid="embed">
      <Group
        px="sm"
        pt={8}
        pb={4}
        gap="sm"
        justify="space-between"
        wrap="nowrap"
        style={{ flex: 'none' }}
      >
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate="end" component="h1" m={0}>
            {props.title}
          </Text>
          {props.subtitle && (
            <Text size="xs" c="dimmed" truncate="end" data-testid="embed-subtitle">
              {props.subtitle}
            </Text>
          )}
        </Stack>
        <Anchor
          href={props.href}
          target="_blank"
          rel="noopener"
          size="xs"
          c="dimmed"
          style={{ flex: 'none' }}
        >
          <Group gap={4} wrap="nowrap">
            Strata
            <IconExternalLink size={12} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <Box
        style={{
          flex: 1,
          minHeight: 0,
          overflow: props.scroll ? 'auto' : 'hidden',
          padding: '4px var(--mantine-spacing-sm) var(--mantine-spacing-sm)',
        }}
      >
        {props.children}
      </Box>
    </Box>
  );
}

/** An embed page before its content is known. */
export function EmbedLoading() {
  return (
    <Center h="100vh">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

/** Private, archived or missing content: the words the server's page uses, naming nothing. */
export function EmbedNotAvailable(props: { message?: string }) {
  return (
    <Center h="100vh" p="md">
      <Stack gap={0} align="center" data-testid="embed-not-available">
        <Text size="sm" fw={700}>
          {props.message ? 'This content could not be loaded' : 'This content is not available'}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {props.message ?? 'It may be private, or it may not exist.'}
        </Text>
      </Stack>
    </Center>
  );
}
