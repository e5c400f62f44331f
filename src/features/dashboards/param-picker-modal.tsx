import '@mantine/core/styles/Modal.css';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { VizWidget } from './draft';
import type { VizInfo } from './viz-info';
import { FormActions } from '../../components/form-actions';

/** Add a parameter widget: pick a visualization widget, then one of its query's parameters. */
export function ParamPickerModal(props: {
  opened: boolean;
  onClose: () => void;
  widgets: VizWidget[];
  infoOf: (visualizationId: number) => VizInfo | undefined;
  onPick: (target: string, queryId: number, key: string) => void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const widget = props.widgets.find((w) => w.id === target);
  const info = widget ? props.infoOf(widget.visualizationId) : undefined;
  const params = info?.parameters ?? [];
  const close = () => {
    setTarget(null);
    setKey(null);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Add a parameter">
      <Stack>
        {props.widgets.length === 0 ? (
          <Text size="sm" c="dimmed">
            Add a visualization first: a parameter widget drives a visualization widget.
          </Text>
        ) : (
          <Select
            label="Visualization widget it drives"
            data={props.widgets.map((w) => ({
              value: w.id,
              label: props.infoOf(w.visualizationId)?.name ?? `Visualization ${w.visualizationId}`,
            }))}
            value={target}
            onChange={(v) => {
              setTarget(v);
              setKey(null);
            }}
            allowDeselect={false}
          />
        )}
        {widget && (
          <Select
            label="Parameter"
            data={params.map((p) => ({ value: p.key, label: `${p.key} (${p.type})` }))}
            value={key}
            onChange={setKey}
            allowDeselect={false}
            disabled={params.length === 0}
            description={
              params.length === 0
                ? "This visualization's query has no parameters."
                : info?.queryName && `Parameters of ${info.queryName}`
            }
          />
        )}
        <FormActions
          onCancel={close}
          confirmLabel="Add parameter"
          disabled={!widget || !key || info?.queryId == null}
          onConfirm={() => {
            if (!widget || !key || info?.queryId == null) return;
            props.onPick(widget.id, info.queryId, key);
            close();
          }}
        />
      </Stack>
    </Modal>
  );
}
