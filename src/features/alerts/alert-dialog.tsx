import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Alert } from './api';
import { AlertForm, type AlertPageState } from './alert-form';
import type { AlertQueryRef, InputsFor } from './alert-values';

export type AlertDialogProps = {
  ctx: string;
  opened: boolean;
  onClose: () => void;
  /** The query the alert watches. */
  query: AlertQueryRef;
  /** The inputs of the alert's parameter values (the parameters feature's, from the route). */
  inputsFor?: InputsFor;
  /** The alert to edit; none: a new alert on `query`. */
  alert?: Alert | null;
  /** What the page shows (its values and tier): a new alert starts from them. */
  page?: AlertPageState;
};

/** Create ("Set alert" on a query) or edit an alert; says so once saved and closes. */
export function AlertDialog(props: AlertDialogProps) {
  const editing = props.alert ?? null;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={editing ? 'Edit alert' : 'Set alert'}
      size="lg"
    >
      {props.opened && (
        <AlertForm
          ctx={props.ctx}
          query={props.query}
          inputsFor={props.inputsFor}
          alert={editing}
          page={props.page}
          onCancel={props.onClose}
          onSaved={(a) => {
            notifications.show({
              color: 'green',
              title: editing ? 'Alert saved' : 'Alert created',
              message: a.next_evaluation_time
                ? `"${a.name}" runs next at ${a.next_evaluation_time.replace('T', ' ').slice(0, 16)} UTC. Alerts lists it.`
                : `"${a.name}" is paused. Alerts lists it.`,
            });
            props.onClose();
          }}
        />
      )}
    </Modal>
  );
}
