import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Cancel and the confirming button at the foot of a form or dialog, on the right. The confirming
 * button submits its form, or runs `onConfirm` where there is no form.
 */
export function FormActions(props: {
  onCancel: () => void;
  /** "Create key", "Save". */
  confirmLabel: ReactNode;
  onConfirm?: () => void;
  pending?: boolean;
  disabled?: boolean;
  color?: string;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={props.mt}>
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button
        type={props.onConfirm ? 'button' : 'submit'}
        color={props.color}
        loading={props.pending}
        disabled={props.disabled}
        onClick={props.onConfirm}
      >
        {props.confirmLabel}
      </Button>
    </Group>
  );
}
