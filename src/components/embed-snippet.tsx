import {
  Button,
  CopyButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  useComputedColorScheme,
} from '@mantine/core';
import { IconCheck, IconCode } from '@tabler/icons-react';
import { useState } from 'react';
import { embedUrl, iframeSnippet, type EmbedTheme } from '../lib/embed-url';

/**
 * "Embed": the iframe code of an embed page with the values the user sees and a theme (the
 * app's, to start with), to copy into another site. Private content cannot be embedded: `note`
 * says so instead.
 */
export function EmbedSnippet(props: {
  /** The embed page's path (lib/embed-url.ts). */
  path: string;
  /** The parameter values as the page's own URL carries them. */
  search: Record<string, unknown>;
  /** The iframe's title (what it shows, for screen readers) and height in pixels. */
  title: string;
  height: number;
  /** Why it cannot be embedded (private); null when it can. */
  unavailable: string | null;
  description: string;
}) {
  const [theme, setTheme] = useState<EmbedTheme>(useComputedColorScheme('light'));
  const code = iframeSnippet(embedUrl(window.location.origin, props.path, props.search, theme), {
    title: props.title,
    height: props.height,
  });
  return (
    <Stack gap="xs" data-testid="embed-snippet">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          Embed
        </Text>
        {!props.unavailable && (
          <SegmentedControl
            size="xs"
            aria-label="Embed theme"
            value={theme}
            onChange={(v) => setTheme(v === 'dark' ? 'dark' : 'light')}
            data={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
            ]}
          />
        )}
      </Group>
      {props.unavailable ? (
        <Text size="sm" c="dimmed">
          {props.unavailable}
        </Text>
      ) : (
        <>
          <Textarea
            aria-label="Embed code"
            description={props.description}
            value={code}
            readOnly
            autosize
            minRows={3}
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
          <Group justify="flex-end">
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCode size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy embed code'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </>
      )}
    </Stack>
  );
}
