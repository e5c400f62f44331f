import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Grid.css';
import {
  Badge,
  Code,
  Grid,
  Group,
  NavLink,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useMemo, useState } from 'react';
import type { QueryVersion } from '../../../contract/queries';
import type { Dialect } from '../../../contract/rules/enums';
import { DIALECT_INFO } from './dialect-control';
import { highlightSql } from './highlight';
import { SqlRuns } from './sql-preview';
import { versionOptions, versionsOptions } from './api';
import { fromNow, localDateTime } from '../../lib/time';
import { ErrorAlert } from '../../components/error-alert';
import { CenteredLoader } from '../../components/page-loader';
import { ToolButton } from '../../components/tool-button';

/** The diff view and the `diff` package load only when a version is compared. */
const VersionDiff = lazy(() => import('./version-diff'));

const when = (iso: string) => {
  const relative = fromNow(iso);
  const absolute = localDateTime(iso, { seconds: false });
  return relative && absolute ? { relative, absolute } : null;
};

/** The editor's text and its dialect, as a version is compared with and restored into it. */
type Current = { sql: string; dialect: Dialect };

function VersionDetail(props: {
  version: QueryVersion;
  latest: boolean;
  current: Current;
  onRestore: (restored: Current) => void;
}) {
  const { version, current } = props;
  const currentSql = current.sql;
  const [view, setView] = useState<'diff' | 'sql'>('diff');
  const sameSql = version.query_sql === currentSql;
  const same = sameSql && version.dialect === current.dialect;
  const time = when(version.created_at);
  const scheme = useComputedColorScheme('light');
  const versionLines = useMemo(
    () => highlightSql(version.query_sql, version.dialect),
    [version.query_sql, version.dialect],
  );
  return (
    <Stack gap="sm">
      <div>
        <Title order={4}>Version {version.version}</Title>
        <Text size="sm" c="dimmed">
          {version.author ?? 'Unknown author'}
          {time && ` · ${time.absolute}`}
          {` · ${version.name} · ${DIALECT_INFO[version.dialect].label}`}
        </Text>
      </div>
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v === 'sql' ? 'sql' : 'diff')}
          data={[
            { value: 'diff', label: 'Changes from the current text' },
            { value: 'sql', label: 'SQL of this version' },
          ]}
          aria-label="Show"
        />
        <ToolButton
          icon={IconRestore}
          variant="light"
          disabled={same}
          onClick={() => props.onRestore({ sql: version.query_sql, dialect: version.dialect })}
        >
          Restore this version
        </ToolButton>
      </Group>
      {view === 'sql' ? (
        <ScrollArea.Autosize mah={440} type="auto">
          <Code block aria-label={`SQL of version ${version.version}`} data-scheme={scheme}>
            {versionLines.map((runs, i) => (
              <Fragment key={i}>
                {i > 0 && '\n'}
                <SqlRuns runs={runs} />
              </Fragment>
            ))}
          </Code>
        </ScrollArea.Autosize>
      ) : sameSql ? (
        <Text size="sm" c="dimmed">
          {same
            ? `The current text is the same as this version${props.latest ? ' (the saved one)' : ''}.`
            : `The current text is the same as this version's, read as ${DIALECT_INFO[current.dialect].label} instead of ${DIALECT_INFO[version.dialect].label}.`}
        </Text>
      ) : (
        <Suspense fallback={<Skeleton height={160} />}>
          <VersionDiff
            older={{ sql: version.query_sql, dialect: version.dialect }}
            newer={current}
            oldLabel={`version ${version.version}`}
            newLabel="current text"
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * A query's saved versions, newest first (time and author); pick one to read it or compare it
 * with the editor's current text, and restore it with its dialect (the page puts it in the
 * editor, unsaved).
 */
export function VersionHistory(props: {
  ctx: string;
  queryId: number;
  current: Current;
  onRestore: (restored: Current) => void;
}) {
  const { ctx, queryId } = props;
  const versions = useQuery(versionsOptions(ctx, queryId));
  const [picked, setPicked] = useState<number | null>(null);
  const list = versions.data?.versions ?? [];
  const latest = list[0]?.version ?? null;
  const selected = picked ?? latest;
  const detail = useQuery({
    ...versionOptions(ctx, queryId, selected ?? 0),
    enabled: selected !== null,
  });

  if (versions.isPending) return <CenteredLoader h={160} label="Loading versions" />;
  if (versions.isError)
    return <ErrorAlert title="Could not load versions">{versions.error.message}</ErrorAlert>;
  if (!list.length) return <Text c="dimmed">This query has no saved versions yet.</Text>;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <ScrollArea.Autosize mah="calc(100vh - 140px)" type="auto">
          <nav aria-label="Versions">
            {list.map((v) => {
              const time = when(v.created_at);
              return (
                <NavLink
                  key={v.version}
                  component="button"
                  active={v.version === selected}
                  aria-current={v.version === selected ? 'true' : undefined}
                  onClick={() => setPicked(v.version)}
                  label={
                    <Group gap={6}>
                      <Text size="sm" fw={500}>
                        Version {v.version}
                      </Text>
                      {v.version === latest && (
                        <Badge size="xs" variant="light">
                          saved
                        </Badge>
                      )}
                    </Group>
                  }
                  description={
                    <span title={time?.absolute}>
                      {v.author ?? 'unknown'} · {time?.relative ?? v.created_at}
                    </span>
                  }
                />
              );
            })}
          </nav>
        </ScrollArea.Autosize>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        {detail.isError ? (
          <ErrorAlert title="Could not load it">{detail.error.message}</ErrorAlert>
        ) : detail.data ? (
          <VersionDetail
            key={detail.data.version}
            version={detail.data}
            latest={detail.data.version === latest}
            current={props.current}
            onRestore={props.onRestore}
          />
        ) : (
          <Skeleton height={200} />
        )}
      </Grid.Col>
    </Grid>
  );
}
