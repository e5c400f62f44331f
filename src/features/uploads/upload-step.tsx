import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Button, Code, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconTerminal2 } from '@tabler/icons-react';

import { formatBytes, formatCount } from '../../lib/format';
import type { UploadProgress } from './run-upload';
import { exampleSql } from './full-name';
import { ErrorAlert } from '../../components/error-alert';

export type UploadState =
  | { status: 'running'; progress: UploadProgress }
  | { status: 'done'; fullName: string; rowsWritten: number }
  | { status: 'failed'; message: string; aftermath: string | null };

const PREPARING = {
  delete: 'Deleting the old table…',
  create: 'Creating the table…',
  clear: 'Clearing the table…',
} as const;

function Running({ progress: p }: { progress: UploadProgress }) {
  const sending = p.phase === 'sending';
  const percent = sending && p.total > 0 ? Math.round((p.sent / p.total) * 100) : 100;
  const label =
    p.phase === 'preparing'
      ? p.action
        ? PREPARING[p.action]
        : 'Preparing the file…'
      : p.phase === 'sending'
        ? `Sending ${formatBytes(p.sent)} of ${formatBytes(p.total)} (${percent}%)`
        : 'Ingesting… the service checks and stores every row.';
  return (
    <Stack gap="xs" maw={640}>
      <Text size="sm" role="status">
        {label}
      </Text>
      <Progress
        aria-label="Upload progress"
        value={sending ? percent : 100}
        striped={!sending}
        animated={!sending}
        size="lg"
        transitionDuration={150}
      />
    </Stack>
  );
}

/** Step 4 of the wizard: progress while the file goes up and in, then the outcome. */
export function UploadStep(props: {
  state: UploadState;
  onOpen: (sql: string) => void;
  onBack: () => void;
  onAnother: () => void;
  onList: () => void;
}) {
  const s = props.state;
  if (s.status === 'running') return <Running progress={s.progress} />;
  if (s.status === 'failed')
    return (
      <Stack gap="sm" maw={720}>
        <ErrorAlert title="The upload failed">
          <Stack gap={6}>
            <Text size="sm" ff="monospace" data-testid="upload-error">
              {s.message}
            </Text>
            {s.aftermath && <Text size="sm">{s.aftermath}</Text>}
            <Text size="xs">
              Lines count from 1, the header being line 1. Fix the type of the named column, or the
              file, and try again.
            </Text>
          </Stack>
        </ErrorAlert>
        <Group>
          <Button onClick={props.onBack}>Back to the columns</Button>
          <Button variant="default" onClick={props.onAnother}>
            Choose another file
          </Button>
        </Group>
      </Stack>
    );
  const sql = exampleSql(s.fullName);
  return (
    <Stack gap="sm" maw={720}>
      <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Uploaded">
        <Text size="sm">
          {formatCount(s.rowsWritten)} rows written to <Code>{s.fullName}</Code>.
        </Text>
      </Alert>
      <Text size="sm" fw={500}>
        Query it
      </Text>
      <Code block data-testid="example-query">
        {sql}
      </Code>
      <Group>
        <Button leftSection={<IconTerminal2 size={16} />} onClick={() => props.onOpen(sql)}>
          Open in editor
        </Button>
        <Button variant="default" onClick={props.onList}>
          Go to uploads
        </Button>
        <Button variant="subtle" onClick={props.onAnother}>
          Upload another file
        </Button>
      </Group>
    </Stack>
  );
}
