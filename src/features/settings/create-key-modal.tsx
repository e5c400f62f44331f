import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Modal.css';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useCreateApiKey, type CreatedKey } from './api';
import { ErrorNote } from '../../components/error-alert';
import { SCOPE_LABEL } from './format';
import { ACCOUNT_LIMITS } from '../../../contract/rules/limits';
import { FormActions } from '../../components/form-actions';

type Scope = keyof typeof SCOPE_LABEL;

/**
 * Creates an API key in the active context, then shows its secret once. The secret lives only in
 * this mutation's state and is dropped when the dialog closes.
 */
export function CreateKeyModal(props: { ctx: string; opened: boolean; onClose: () => void }) {
  const create = useCreateApiKey(props.ctx);
  const form = useForm({
    initialValues: { name: '', scope: 'read' as Scope },
    validate: {
      name: (v) =>
        v.length > ACCOUNT_LIMITS.keyName ? `At most ${ACCOUNT_LIMITS.keyName} characters` : null,
    },
  });
  const close = () => {
    create.reset();
    form.reset();
    props.onClose();
  };
  const created = create.data;
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={created ? 'Your new API key' : 'Create an API key'}
      closeOnClickOutside={!created}
      size="lg"
    >
      {created ? (
        <SecretOnce created={created} onDone={close} />
      ) : (
        <form
          onSubmit={form.onSubmit((v) => create.mutate({ name: v.name.trim(), scope: v.scope }))}
        >
          <Stack>
            <Text size="sm">
              The key acts in the context <b>{props.ctx}</b>, the one active in the header. To
              create a key for another context, switch to it first.
            </Text>
            <TextInput
              label="Name"
              placeholder="e.g. nightly export"
              description="Helps you recognise the key later"
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Radio.Group label="Scope" {...form.getInputProps('scope')}>
              <Stack gap="xs" mt={6}>
                <Radio value="read" label="Read: run queries and read results and usage" />
                <Radio
                  value="read_write"
                  label="Read & write: also create and change queries, uploads and tables"
                />
              </Stack>
            </Radio.Group>
            <ErrorNote error={create.error} title="The key was not created" />
            <FormActions onCancel={close} confirmLabel="Create key" pending={create.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function SecretOnce(props: { created: CreatedKey; onDone: () => void }) {
  const { created } = props;
  return (
    <Stack>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />}>
        Copy the key now. It will not be shown again: Strata keeps only a hash of it.
      </Alert>
      <Text size="sm">
        {created.name ? <b>{created.name}</b> : 'An unnamed key'} · {SCOPE_LABEL[created.scope]} ·
        acts in <b>{created.context}</b>
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          data-testid="new-api-key"
          aria-label="New API key"
          style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {created.key}
        </Code>
        <CopyButton value={created.key} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                size="lg"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                aria-label={copied ? 'Copied' : 'Copy key'}
                onClick={copy}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        Send it as the <Code>x-service-api-key</Code> header.
      </Text>
      <Group justify="flex-end">
        <Button onClick={props.onDone}>I have copied it</Button>
      </Group>
    </Stack>
  );
}
