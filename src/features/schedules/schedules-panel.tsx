import { Divider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Tier } from '../../../contract/rules/enums';
import { querySchedulesOptions, useScheduleMutations } from './api';
import { ScheduleForm, type Values } from './schedule-form';
import { ScheduleList } from './schedule-list';
import { CenteredLoader } from '../../components/page-loader';
import { RetryAlert } from '../../components/error-alert';
import { errorMessage } from '../../lib/api';

export type { Values };

/**
 * The schedules of a saved query: the list (next and last run, pause, run now, remove) and a
 * form to add one. The value inputs come from the route (`renderValues`), which composes the
 * parameters feature; only the query's owner context changes schedules.
 */
export function SchedulesPanel(props: {
  ctx: string;
  query: { id: number; archived: boolean; parameterKeys: readonly string[]; tier: Tier };
  renderValues: (values: Values, onChange: (values: Values) => void) => ReactNode;
  valuesValid: (values: Values) => boolean;
  describeCron?: (cron: string) => string | null;
}) {
  const list = useQuery(querySchedulesOptions(props.ctx, props.query.id));
  const m = useScheduleMutations(props.ctx, props.query.id);
  const [formKey, setFormKey] = useState(0);
  const busy =
    (m.update.isPending && m.update.variables.id) ||
    (m.runNow.isPending && m.runNow.variables) ||
    (m.remove.isPending && m.remove.variables) ||
    null;
  const actionError = [m.update, m.runNow, m.remove].find((x) => x.isError)?.error;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Each schedule runs the saved query with its values and tier, in this context (credits are
        charged here). Its result becomes the latest for those values, so dashboards open on fresh
        data. Times are UTC.
      </Text>
      {list.isPending ? (
        <CenteredLoader h={80} label="Loading schedules" />
      ) : list.isError ? (
        <RetryAlert
          title="Could not read the schedules"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <ScheduleList
          schedules={list.data.schedules}
          describeCron={props.describeCron}
          actions={{
            busy: busy === null ? null : Number(busy),
            canChange: true,
            onEnabled: (id, enabled) => m.update.mutate({ id, enabled }),
            onRunNow: (id) => m.runNow.mutate(id),
            onRemove: (id) => m.remove.mutate(id),
          }}
        />
      )}
      {actionError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(actionError)}
        </Text>
      )}
      <Divider />
      <ScheduleForm
        key={formKey}
        parameterKeys={props.query.parameterKeys}
        renderValues={props.renderValues}
        valuesValid={props.valuesValid}
        describeCron={props.describeCron}
        defaultTier={props.query.tier}
        pending={m.create.isPending}
        error={m.create.isError ? m.create.error.message : null}
        disabledReason={props.query.archived ? 'The query is archived: unarchive it first' : null}
        onAdd={(s) => m.create.mutate(s, { onSuccess: () => setFormKey((k) => k + 1) })}
      />
    </Stack>
  );
}
