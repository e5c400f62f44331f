import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Modal.css';
import { Code, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ErrorNote } from './error-alert';
import { FormActions } from './form-actions';

export type ConfirmDialogProps = {
  opened: boolean;
  /** "Delete table?" */
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  /** The confirming button: "Delete table". */
  confirmLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape or the close button (reset the mutation there). */
  onClose: () => void;
  /** The action is running: the button spins. */
  pending?: boolean;
  /** Why the action failed, shown above the buttons. */
  error?: { message: string } | null;
  /** The error's title: "The table was not deleted". */
  errorTitle?: string;
  /** For what cannot be undone: the user types this name before the button is enabled. */
  typeToConfirm?: string;
  /** The name field's accessible name, when not "Type <name> to confirm". */
  typeToConfirmLabel?: string;
  /** Keep line breaks of a plain-text message. */
  preLine?: boolean;
  centered?: boolean;
};

/**
 * Asks before a destructive action: what happens, the error if it failed, Cancel and a red
 * confirming button; names that cannot be undone are typed to confirm. The one confirm dialog
 * of the app.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered={props.centered}
    >
      {/* Mounted only while open, so a typed name starts empty every time. */}
      {props.opened && <ConfirmBody {...props} />}
    </Modal>
  );
}

function ConfirmBody(props: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const name = props.typeToConfirm;
  const ready = name === undefined || typed.trim() === name;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !props.pending) props.onConfirm();
      }}
    >
      <Stack>
        <Text size="sm" style={props.preLine ? { whiteSpace: 'pre-line' } : undefined}>
          {props.children}
        </Text>
        {name !== undefined && (
          <TextInput
            label={
              <>
                Type <Code>{name}</Code> to confirm
              </>
            }
            aria-label={props.typeToConfirmLabel}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        )}
        <ErrorNote error={props.error} title={props.errorTitle} />
        <FormActions
          onCancel={props.onClose}
          confirmLabel={props.confirmLabel}
          color="red"
          pending={props.pending}
          disabled={!ready}
        />
      </Stack>
    </form>
  );
}
