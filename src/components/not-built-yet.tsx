import { Stack, Text, Title } from '@mantine/core';

/** A section whose issue has not landed: said plainly, with no fake content. */
export function NotBuiltYet(props: { title: string; what: string }) {
  return (
    <Stack gap="xs" maw={640}>
      <Title order={2}>{props.title}</Title>
      <Text c="dimmed">
        Not built yet. {props.what} This section of Strata is planned and will appear here when it
        lands.
      </Text>
    </Stack>
  );
}
