import '@mantine/core/styles/Modal.css';
import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreateDashboard } from './mutations';
import { DASHBOARD_LIMITS } from '../../../contract/rules/limits';
import { FormActions } from '../../components/form-actions';

/** Name and privacy of a new dashboard; on success hands back its id. */
export function CreateDashboardModal(props: {
  ctx: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const create = useCreateDashboard(props.ctx);
  const [name, setName] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const close = () => {
    create.reset();
    setName('');
    setPrivate(false);
    props.onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), is_private: isPrivate },
      {
        onSuccess: (d) => {
          close();
          props.onCreated(d.dashboard_id);
        },
      },
    );
  };
  return (
    <Modal opened={props.opened} onClose={close} title="New dashboard">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            data-autofocus
            required
            maxLength={DASHBOARD_LIMITS.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={create.error?.message}
          />
          <Switch
            label="Private (only this context can open it)"
            checked={isPrivate}
            onChange={(e) => setPrivate(e.currentTarget.checked)}
          />
          <FormActions
            onCancel={close}
            confirmLabel="Create"
            pending={create.isPending}
            disabled={!name.trim()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
