import '@mantine/core/styles/Drawer.css';
import { Alert, Button, Drawer, Group, Paper, Stack } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { Parameter } from '../../../../../contract/parameters';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { DataPanel } from '../../../../features/datasets/data-panel';
import { ShortcutSheet } from '../../../../features/editor/shortcut-sheet';
import {
  SqlEditor,
  type RunScope,
  type SqlEditorHandle,
} from '../../../../features/editor/sql-editor';
import { useDraft } from '../../../../features/editor/use-draft';
import { useLeaveGuard } from '../../../../features/editor/use-leave-guard';
import { VersionHistory } from '../../../../features/editor/version-history';
import { useExecutionStatus } from '../../../../features/execution/api';
import { ExecutionPanel } from '../../../../features/execution/execution-panel';
import { RunControls } from '../../../../features/execution/run-controls';
import { DEFAULT_TIER, isTier, type Tier } from '../../../../features/execution/tiers';
import { newParameter } from '../../../../features/parameters/definitions';
import type { FormValues } from '../../../../features/parameters/form-values';
import { ParameterEditor } from '../../../../features/parameters/parameter-editor';
import {
  ParametersForm,
  useParameterErrors,
} from '../../../../features/parameters/parameters-form';
import { missingParameters } from '../../../../features/parameters/placeholders';
import { shiftPosition } from './offsets';
import { QueryHeader } from './query-header';
import { ResultTabs } from './result-tabs';
import { useRuns } from './use-runs';
import { useSaveQuery } from './use-save-query';

export type Values = FormValues;

const RUN_LABEL: Record<RunScope, string> = {
  query: 'Run',
  statement: 'Run statement',
  selection: 'Run selection',
};

export function Workbench(props: {
  ctx: string;
  query: GetQueryResponse;
  values: Values | undefined;
  onValuesChange: (values: Values) => void;
}) {
  const { ctx, query } = props;
  const editor = useRef<SqlEditorHandle>(null);
  const draft = useDraft(ctx, query.query_id, { sql: query.query_sql, version: query.version });
  const [parameters, setParameters] = useState<Parameter[]>(query.parameters);
  const [name, setName] = useState(query.name);
  const [scope, setScope] = useState<RunScope>('query');
  const [tier, setTier] = useState<Tier>(
    isTier(query.query_engine) ? query.query_engine : DEFAULT_TIER,
  );
  const [panel, setPanel] = useState<'history' | 'parameters' | null>(null);
  const [dataOpen, setDataOpen] = useState(false);
  // Wide screens show the data panel beside the editor; narrow ones in a drawer.
  const wide = useMediaQuery('(min-width: 62em)');
  const insert = (text: string) => editor.current?.insertText(text);
  const owned = query.owner === ctx;
  const paramsEdited = JSON.stringify(parameters) !== JSON.stringify(query.parameters);
  const dirty = draft.dirty || paramsEdited || name !== query.name;
  useLeaveGuard(dirty);

  const values = props.values ?? {};
  const missing = missingParameters(draft.sql, parameters);
  const valueErrors = useParameterErrors(parameters, values);
  const runs = useRuns({
    ctx,
    queryId: query.query_id,
    parameters,
    values,
    tier,
    edited: draft.dirty || paramsEdited,
  });
  const status = useExecutionStatus(ctx, runs.executionId);
  const save = useSaveQuery(ctx, query.query_id);

  const canRun = Object.keys(valueErrors).length === 0 && !runs.submitting;
  function run() {
    const target = editor.current?.getRunTarget() ?? { sql: draft.sql, scope: 'query' as const };
    if (canRun) runs.runTarget(target, draft.sql);
  }
  function saveNow() {
    if (!owned || save.isPending) return;
    const sql = draft.sql;
    // As the service does: placeholders without a definition become text parameters.
    const saved = [...parameters, ...missingParameters(sql, parameters).map(newParameter)];
    setParameters(saved);
    save.mutate(
      { name, query_sql: sql, parameters: saved },
      { onSuccess: () => draft.markSaved(sql, query.version + 1) },
    );
  }

  // Ctrl/Cmd+S anywhere on the page, also in inputs; inside Monaco its own command has handled it.
  useHotkeys(
    [
      [
        'mod+S',
        (event) => {
          if (event.defaultPrevented) return;
          event.preventDefault();
          saveNow();
        },
        { preventDefault: false },
      ],
    ],
    [],
  );

  const failed = status.data?.error?.metadata;
  const marker =
    failed && typeof failed.line === 'number' && typeof failed.column === 'number'
      ? {
          ...shiftPosition({ line: failed.line, column: failed.column }, runs.runStart),
          message: status.data?.error?.message ?? '',
        }
      : null;

  return (
    <Stack gap="sm">
      <QueryHeader
        query={query}
        name={name}
        onNameChange={setName}
        owned={owned}
        dirty={dirty}
        saving={save.isPending}
        saveError={save.error?.message}
        onSave={saveNow}
        onDiscard={() => {
          draft.discard();
          setParameters(query.parameters);
          setName(query.name);
        }}
        onOpenHistory={() => setPanel('history')}
        onOpenParameters={() => setPanel('parameters')}
        dataOpen={dataOpen}
        onToggleData={() => setDataOpen(!dataOpen)}
      />
      <Group gap="sm" align="stretch" wrap="nowrap">
        {dataOpen && wide && (
          <Paper withBorder p="xs" w={280} h={300} component="aside" aria-label="Data panel">
            <DataPanel ctx={ctx} onInsert={insert} />
          </Paper>
        )}
        <Paper
          withBorder
          data-testid="sql-editor"
          style={{ overflow: 'hidden', flex: 1, minWidth: 0 }}
        >
          <SqlEditor
            ref={editor}
            value={draft.sql}
            onChange={draft.setSql}
            onRun={(target) => canRun && runs.runTarget(target, draft.sql)}
            onSave={saveNow}
            onRunScopeChange={setScope}
            error={marker}
            ctx={ctx}
            height={300}
          />
        </Paper>
      </Group>
      {missing.length > 0 && (
        <Alert color="blue" variant="light" data-testid="missing-parameters">
          <Group gap="xs">
            {missing.map((key) => (
              <Button
                key={key}
                size="compact-xs"
                variant="light"
                onClick={() => setParameters([...parameters, newParameter(key)])}
              >
                Add parameter {key}
              </Button>
            ))}
            <span>
              {missing.map((k) => `{{${k}}}`).join(', ')} {missing.length === 1 ? 'is' : 'are'} used
              in the SQL but not defined.
            </span>
          </Group>
        </Alert>
      )}
      <ParametersForm
        parameters={parameters}
        values={values}
        onChange={props.onValuesChange}
        ctx={ctx}
      />
      <Group justify="space-between" align="flex-start">
        <RunControls
          tier={tier}
          onTierChange={setTier}
          label={RUN_LABEL[scope]}
          running={status.data ? !status.data.is_execution_finished : false}
          onRun={run}
          disabled={!canRun}
        />
      </Group>
      {runs.submitError && (
        <Alert color="red" role="alert" title="The run was not started">
          {runs.submitError.message}
        </Alert>
      )}
      {runs.executionId && <ExecutionPanel ctx={ctx} executionId={runs.executionId} />}
      <ResultTabs
        ctx={ctx}
        query={query}
        executionId={status.data?.state === 'QUERY_STATE_COMPLETED' ? runs.executionId : null}
      />
      <Drawer
        opened={panel === 'history'}
        onClose={() => setPanel(null)}
        position="right"
        size="xl"
        title="Version history"
      >
        <VersionHistory
          ctx={ctx}
          queryId={query.query_id}
          currentSql={draft.sql}
          onRestore={(sql) => {
            draft.setSql(sql);
            setPanel(null);
          }}
        />
      </Drawer>
      <Drawer
        opened={panel === 'parameters'}
        onClose={() => setPanel(null)}
        position="right"
        size="lg"
        title="Parameters"
      >
        <ParameterEditor parameters={parameters} onChange={setParameters} sql={draft.sql} />
      </Drawer>
      <Drawer
        opened={dataOpen && !wide}
        onClose={() => setDataOpen(false)}
        position="left"
        size={320}
        title="Data"
        returnFocus={false}
      >
        <div style={{ height: 'calc(100dvh - 90px)' }}>
          <DataPanel
            ctx={ctx}
            onInsert={(text) => {
              setDataOpen(false);
              insert(text);
            }}
          />
        </div>
      </Drawer>
      <ShortcutSheet />
    </Stack>
  );
}
