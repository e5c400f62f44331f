import { Alert, Group, Stack } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { Parameter } from '../../../../../contract/parameters';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { DialectControl } from '../../../../features/editor/dialect-control';
import { ShortcutSheet } from '../../../../features/editor/shortcut-sheet';
import type { RunScope, SqlEditorHandle } from '../../../../features/editor/sql-editor';
import { useDraft } from '../../../../features/editor/use-draft';
import { useLeaveGuard } from '../../../../features/editor/use-leave-guard';
import { useExecutionStatus } from '../../../../features/execution/api';
import { ExecutionPanel } from '../../../../features/execution/execution-panel';
import { RunControls } from '../../../../features/execution/run-controls';
import {
  DEFAULT_DIALECT,
  DEFAULT_TIER,
  isTier,
  type Tier,
} from '../../../../../contract/rules/enums';
import { toQueryParameters, type FormValues } from '../../../../features/parameters/form-values';
import { valuesToSearch } from '../../../../features/parameters/url-values';
import {
  ParametersForm,
  useParameterErrors,
} from '../../../../features/parameters/parameters-form';
import { missingParameters } from '../../../../features/parameters/placeholders';
import { NEW_QUERY } from '../../../../features/queries/api';
import { useAfterFirstPaint } from '../../../../lib/use-after-first-paint';
import type { VizTab } from '../../../../features/visualizations/visualization-tabs';
import { EditorArea } from './editor-area';
import { MissingParameters } from './missing-parameters';
import { shiftPosition } from './offsets';
import { QueryHeader } from './query-header';
import { ResultTabs } from './result-tabs';
import { useRuns } from './use-runs';
import { isStaleSave, useSave } from './use-save';
import { WorkbenchDrawers, type Panel } from './workbench-drawers';

export type Values = FormValues;

const RUN_LABEL: Record<RunScope, string> = {
  query: 'Run',
  statement: 'Run statement',
  selection: 'Run selection',
};

/**
 * The query page's body: editor, parameters, runs, results. `query` is null on a new query's
 * page: the text is a local draft, runs are ad hoc, and the first save creates the query (and
 * keeps the run of the saved text as its result) before `onCreated` moves to its page.
 */
export function Workbench(props: {
  ctx: string;
  query: GetQueryResponse | null;
  values: Values;
  onValuesChange: (values: Values) => void;
  tab: VizTab;
  onTabChange: (tab: VizTab) => void;
  onCreated?: (queryId: number) => void;
}) {
  const { ctx, query, values } = props;
  const editor = useRef<SqlEditorHandle>(null);
  // A new query is written in DuneSQL, as the hosted service's are.
  const base = query
    ? {
        sql: query.query_sql,
        version: query.version,
        name: query.name,
        params: query.parameters,
        dialect: query.dialect,
      }
    : {
        sql: NEW_QUERY.query_sql,
        version: 0,
        name: NEW_QUERY.name,
        params: [],
        dialect: DEFAULT_DIALECT,
      };
  // The text and its dialect: a draft in local storage while either is unsaved.
  const draft = useDraft(ctx, query?.query_id ?? 'new', base);
  const { dialect } = draft;
  const [parameters, setParameters] = useState<Parameter[]>(base.params);
  const [name, setName] = useState(base.name);
  const [scope, setScope] = useState<RunScope>('query');
  const [tier, setTier] = useState<Tier>(
    query && isTier(query.query_engine) ? query.query_engine : DEFAULT_TIER,
  );
  const [panel, setPanel] = useState<Panel>(null);
  const [dataOpen, setDataOpen] = useState(false);
  // Wide screens show the data panel beside the editor; narrow ones in a drawer.
  const wide = useMediaQuery('(min-width: 62em)');
  const insert = (text: string) => editor.current?.insertText(text);
  // The first frame shows the name and the SQL; runs, results and drawers render right after.
  const painted = useAfterFirstPaint();
  const owned = !query || query.owner === ctx;
  const paramsEdited = JSON.stringify(parameters) !== JSON.stringify(base.params);
  const dirty = draft.dirty || paramsEdited || name !== base.name;
  useLeaveGuard(dirty);

  const missing = missingParameters(draft.sql, parameters);
  const valueErrors = useParameterErrors(parameters, values);
  const runs = useRuns({
    ctx,
    queryId: query?.query_id ?? null,
    parameters,
    values,
    tier,
    dialect,
    edited: draft.dirty || paramsEdited,
  });
  const status = useExecutionStatus(ctx, runs.executionId);
  const save = useSave({ ctx, queryId: query?.query_id ?? null, adoptable: runs.adoptable });

  const canRun = Object.keys(valueErrors).length === 0 && !runs.submitting;
  function run() {
    const target = editor.current?.getRunTarget() ?? { sql: draft.sql, scope: 'query' as const };
    if (canRun) runs.runTarget(target, draft.sql);
  }
  // After a refused save (someone saved since the edits began), saving again replaces their
  // version: the user has been told, and the page has read the version it now replaces.
  const stale = isStaleSave(save.error);
  function saveNow() {
    if (!owned || save.isPending) return;
    const version = query
      ? stale
        ? query.version
        : (draft.draftVersion ?? query.version)
      : undefined;
    save.mutate(
      { name, sql: draft.sql, parameters, dialect, version },
      {
        onSuccess: (saved) => {
          setParameters(saved.parameters);
          if (query) draft.markSaved(saved, query.version + 1);
          else {
            draft.discard();
            props.onCreated?.(saved.id);
          }
        },
      },
    );
  }

  // Ctrl/Cmd+S and Ctrl/Cmd+Enter anywhere on the page, also in inputs; inside Monaco its own
  // commands have handled them (and prevented the default).
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
      [
        'mod+Enter',
        (event) => {
          if (event.defaultPrevented) return;
          event.preventDefault();
          run();
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
        saveError={
          stale
            ? `Someone saved this query (now version ${query?.version}) since your edits began. Your text is kept: save again to replace their version with yours, or Discard to take theirs.`
            : save.error?.message
        }
        onSave={saveNow}
        onDiscard={() => {
          draft.discard();
          setParameters(base.params);
          setName(base.name);
        }}
        onOpenHistory={() => setPanel('history')}
        onOpenParameters={() => setPanel('parameters')}
        dataOpen={dataOpen}
        onToggleData={() => setDataOpen(!dataOpen)}
        values={values}
        tier={tier}
      />
      <EditorArea
        ctx={ctx}
        handle={editor}
        dataPanel={dataOpen && !!wide}
        onInsert={insert}
        editor={{
          value: draft.sql,
          onChange: draft.setSql,
          onRun: (target) => canRun && runs.runTarget(target, draft.sql),
          onSave: saveNow,
          onRunScopeChange: setScope,
          error: marker,
          selectAllOnMount: !query && draft.sql === NEW_QUERY.query_sql,
          dialect,
        }}
      />
      {painted && (
        <>
          <MissingParameters
            missing={missing}
            sql={draft.sql}
            onAdd={(p) => {
              setParameters([...parameters, p]);
              // A list needs its options: open the definitions.
              if (p.type === 'enum') setPanel('parameters');
            }}
          />
          <ParametersForm
            parameters={parameters}
            values={values}
            onChange={props.onValuesChange}
            ctx={ctx}
          />
          {/* The editor's toolbar: what runs, on which tier, read in which dialect. */}
          <Group gap="md" align="center">
            <RunControls
              tier={tier}
              onTierChange={setTier}
              label={RUN_LABEL[scope]}
              running={status.data ? !status.data.is_execution_finished : false}
              onRun={run}
              disabled={!canRun}
            />
            <DialectControl value={dialect} onChange={draft.setDialect} />
          </Group>
          {runs.submitError && (
            <Alert color="red" role="alert" title="The run was not started">
              {runs.submitError.message}
            </Alert>
          )}
          <ExecutionPanel ctx={ctx} executionId={runs.executionId} />
          <ResultTabs
            ctx={ctx}
            queryId={query?.query_id ?? null}
            queryName={name}
            tab={props.tab}
            onTabChange={props.onTabChange}
            executionId={status.data?.state === 'QUERY_STATE_COMPLETED' ? runs.executionId : null}
            embed={
              query
                ? {
                    // Every saved parameter with the value a run sends: the run's own result.
                    search: valuesToSearch(toQueryParameters(query.parameters, values)),
                    isPrivate: query.is_private,
                  }
                : undefined
            }
          />
          <WorkbenchDrawers
            ctx={ctx}
            queryId={query?.query_id ?? null}
            panel={panel}
            onPanel={setPanel}
            sql={draft.sql}
            dialect={dialect}
            onRestore={draft.edit}
            parameters={parameters}
            onParameters={setParameters}
            dataOpen={dataOpen && !wide}
            onDataClose={() => setDataOpen(false)}
            onInsert={insert}
          />
          <ShortcutSheet />
        </>
      )}
    </Stack>
  );
}
