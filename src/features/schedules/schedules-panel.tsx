import { Divider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_TIER } from '../../../contract/rules/enums';
import { schedulesOptions, useScheduleMutations } from './api';
import { ScheduleForm, type Values } from './schedule-form';
import { describeCron } from '../../../shared/cron/cron-words';
import { ScheduleList } from './schedule-list';
import { ScheduleRuns } from './schedule-runs';
import {
  fieldNames,
  scheduleParameters,
  scheduleValuesText,
  TARGET_TEXT,
  type ScheduleTarget,
} from './target';
import { CenteredLoader } from '../../components/page-loader';
import { RetryAlert } from '../../components/error-alert';
import { errorMessage } from '../../lib/api';
import type { ValueInputs } from '../../lib/parameter-values';

export type { Values };
export type { ScheduleTarget } from './target';

/**
 * The schedules of a saved query or a dashboard: the list (next and last run, pause, run now,
 * remove) and a form to add one. The value inputs come from the route (`renderValues`), which
 * composes the parameters feature; only the target's owner context changes schedules.
 */
export type SchedulesPanelProps = ValueInputs & {
  ctx: string;
  target: ScheduleTarget;
};

export function SchedulesPanel(props: SchedulesPanelProps) {
  const { target } = props;
  const list = useQuery(schedulesOptions(props.ctx, target));
  const m = useScheduleMutations(props.ctx, target);
  const [formKey, setFormKey] = useState(0);
  const busy =
    (m.update.isPending && m.update.variables.id) ||
    (m.runNow.isPending && m.runNow.variables) ||
    (m.remove.isPending && m.remove.variables) ||
    null;
  const actionError = [m.update, m.runNow, m.remove].find((x) => x.isError)?.error;
  const text = TARGET_TEXT[target.kind];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {text.runs}
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
          schedules={list.data}
          describeCron={describeCron}
          describeValues={(s) => scheduleValuesText(target, s.parameters)}
          renderRuns={(s) => (
            <ScheduleRuns ctx={props.ctx} target={target} scheduleId={s.schedule_id} />
          )}
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
        parameterKeys={fieldNames(target)}
        renderValues={props.renderValues}
        valuesValid={props.valuesValid}
        defaultTier={target.kind === 'query' ? target.tier : DEFAULT_TIER}
        pending={m.create.isPending}
        error={m.create.isError ? m.create.error.message : null}
        disabledReason={target.archived ? text.archived : null}
        onAdd={({ values, ...s }) =>
          m.create.mutate(
            { ...s, parameters: scheduleParameters(target, values) },
            { onSuccess: () => setFormKey((k) => k + 1) },
          )
        }
      />
    </Stack>
  );
}
