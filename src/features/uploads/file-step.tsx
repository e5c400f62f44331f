import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv, IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { formatBytes } from '../../lib/format';
import { uploadLimit } from './upload-xhr';
import { ErrorAlert } from '../../components/error-alert';

/**
 * Step 1 of the wizard: drop a CSV on the area or pick one. A file over the service's limit
 * (once known) is refused here, before anything is sent.
 */
export function FileStep(props: {
  file: File | null;
  error: string | null;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const take = (file: File | undefined) => {
    if (!file) return;
    const limit = uploadLimit();
    if (limit !== null && file.size > limit) {
      setTooLarge(
        `${file.name} is ${formatBytes(file.size)}; the service takes uploads of at most ${formatBytes(limit)}.`,
      );
      return;
    }
    setTooLarge(null);
    props.onFile(file);
  };
  const error = tooLarge ?? props.error;
  return (
    <Stack gap="sm">
      <Paper
        withBorder
        radius="md"
        p="xl"
        data-testid="csv-drop-area"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer.files[0]);
        }}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack align="center" gap="xs">
          <IconFileTypeCsv size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={500}>Drop a CSV file here</Text>
          <Text size="sm" c="dimmed" ta="center">
            Comma-separated, with a header line naming the columns.
          </Text>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            hidden
            onChange={(e) => {
              take(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
          <Button
            variant="light"
            leftSection={<IconFileUpload size={16} />}
            loading={props.busy}
            onClick={() => input.current?.click()}
          >
            Choose a file
          </Button>
        </Stack>
      </Paper>
      {props.file && !error && (
        <Group gap="xs">
          <Text size="sm">
            <b>{props.file.name}</b> · {formatBytes(props.file.size)}
          </Text>
        </Group>
      )}
      {error && <ErrorAlert title="Cannot use this file">{error}</ErrorAlert>}
    </Stack>
  );
}
