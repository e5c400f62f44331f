import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  useComputedColorScheme,
} from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LazyVisualizationView } from '../../components/viz/lazy-visualization-view';
import { useVizHead, type VizSource } from '../../components/viz/use-viz-data';
import { ApiError } from '../../lib/api';
import { useGroupKeys } from './group-keys';
import { VizLoading } from '../../components/viz/viz-states';
import { vizDetailOptions } from '../../lib/resources/visualizations';
import { useCreateVisualization, useDeleteVisualization, useUpdateVisualization } from './api';
import {
  isDefaultName,
  KIND_LABELS,
  KINDS,
  kindOf,
  newDraft,
  withKindNamed,
  type Columns,
  type Draft,
} from './editor-model';
import { EmbedButton, type EmbedInfo } from './embed-button';
import { VizOptionsForm } from './viz-options-form';
import { VISUALIZATION_LIMITS } from '../../../contract/rules/limits';
import { ConfirmDialog } from '../../components/confirm-dialog';

type Props = {
  ctx: string;
  queryId: number;
  /** The result the preview shows (null before the query has a completed run). */
  source: VizSource | null;
  onSaved: (id: number) => void;
  onDeleted: () => void;
  /** For "Embed": the page's parameter values and the query's privacy. */
  embed?: EmbedInfo;
};

/** The editor of a saved visualization: loads it, then edits a draft of it. */
export function VisualizationEditor(props: Props & { vizId: number }) {
  const detail = useQuery(vizDetailOptions(props.ctx, props.vizId));
  if (detail.error)
    return (
      <Alert color="red" role="alert" title="The visualization could not be loaded">
        {detail.error.message}
      </Alert>
    );
  if (!detail.data) return <VizLoading />;
  const { name, type, options } = detail.data;
  return (
    <EditorBody
      key={`${props.vizId}:${detail.data.version}`}
      {...props}
      vizId={props.vizId}
      version={detail.data.version}
      initial={{ name, type, options }}
      onReload={() => void detail.refetch()}
    />
  );
}

/** The editor of a new visualization, starting from a guess over the result's columns. */
export function NewVisualizationEditor(props: Props) {
  const { head, error } = useVizHead(props.source);
  if (!props.source)
    return <Text c="dimmed">Run the query to create a visualization of its result.</Text>;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (!head) return <VizLoading />;
  const columns = { names: head.columns, types: head.types };
  return <EditorBody {...props} vizId={null} version={null} initial={newDraft(columns)} />;
}

function EditorBody(
  props: Props & {
    vizId: number | null;
    /** The saved version being edited (null: not saved yet). */
    version: number | null;
    initial: Draft;
    /** Loads the saved visualization again, dropping the draft (after a conflict). */
    onReload?: () => void;
  },
) {
  const { ctx, queryId, source } = props;
  const scheme = useComputedColorScheme('light');
  const [draft, setDraft] = useState<Draft>(props.initial);
  // The name follows the type ("Line chart" → "Counter") until the user writes one.
  const [nameFollows, setNameFollows] = useState(() => isDefaultName(props.initial.name));
  const [confirming, setConfirming] = useState(false);
  const { head } = useVizHead(source);
  const columns: Columns = { names: head?.columns ?? [], types: head?.types ?? [] };
  const groupKeys = useGroupKeys(source, head, draft.options);
  const create = useCreateVisualization(ctx, queryId);
  const update = useUpdateVisualization(ctx, queryId, props.vizId ?? 0);
  const remove = useDeleteVisualization(ctx, queryId, props.vizId ?? 0);
  const saving = create.isPending || update.isPending;
  const dirty = props.vizId === null || JSON.stringify(draft) !== JSON.stringify(props.initial);
  const kind = kindOf(draft);
  const nameError = draft.name.trim() === '' ? 'A name is required' : undefined;

  function save() {
    if (nameError || saving) return;
    const body = { name: draft.name.trim(), type: draft.type, options: draft.options };
    if (props.vizId === null) create.mutate(body, { onSuccess: (r) => props.onSaved(r.id) });
    else update.mutate({ body, version: props.version ?? 0 });
  }
  const conflict = update.error instanceof ApiError && update.error.status === 409;

  const error: Error | null = create.error ?? update.error ?? remove.error;
  return (
    <Stack gap="sm" data-testid="visualization-editor">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Visualization name"
          value={draft.name}
          maxLength={VISUALIZATION_LIMITS.name}
          error={nameError}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setNameFollows(name.trim() === '');
            setDraft({ ...draft, name });
          }}
          w={260}
        />
        <Select
          label="Type"
          data={KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          value={kind}
          placeholder={kind ? undefined : draft.type}
          onChange={(v) =>
            v && setDraft(withKindNamed(draft, v as (typeof KINDS)[number], columns, nameFollows))
          }
          allowDeselect={false}
          w={220}
        />
        <Group gap="xs" ml="auto">
          {props.vizId !== null && props.embed && (
            <EmbedButton
              queryId={queryId}
              vizId={props.vizId}
              name={props.initial.name}
              embed={props.embed}
            />
          )}
          {props.vizId !== null && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={save}
            loading={saving}
            disabled={!dirty || !!nameError}
          >
            Save visualization
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" role="alert" title="Not saved">
          {conflict
            ? 'Someone saved this visualization since you opened it. Reload it to see their version, then apply your change again.'
            : error.message}
          {conflict && props.onReload && (
            <Button size="compact-sm" variant="light" ml="sm" onClick={props.onReload}>
              Reload
            </Button>
          )}
        </Alert>
      )}
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box w={340} style={{ flexShrink: 0 }}>
          {kind ? (
            <VizOptionsForm
              draft={draft}
              kind={kind}
              columns={columns}
              groupKeys={groupKeys}
              onChange={(options) => setDraft({ ...draft, options })}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {draft.type} visualizations are stored but not rendered yet; pick a type to turn this
              one into it.
            </Text>
          )}
        </Box>
        <Paper
          withBorder
          p="sm"
          style={{ flex: 1, minWidth: 0, position: 'sticky', top: 72 }}
          aria-label="Preview"
          role="region"
        >
          {source ? (
            <LazyVisualizationView
              visualization={draft}
              source={source}
              height={420}
              colorScheme={scheme}
            />
          ) : (
            <Text c="dimmed" size="sm">
              Run the query to preview this visualization.
            </Text>
          )}
        </Paper>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Delete visualization?"
        confirmLabel="Delete"
        centered
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              props.onDeleted();
            },
          })
        }
      >
        “{props.initial.name}” will be deleted permanently, also from dashboards that show it.
      </ConfirmDialog>
    </Stack>
  );
}
