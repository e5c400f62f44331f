import { IconBell } from '@tabler/icons-react';
import { lazy } from 'react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import type { Tier } from '../../../../../contract/rules/enums';
import type { FormValues } from '../../../../features/parameters/form-values';
import { DialogAction } from '../../../../components/dialog-action';
import { valueInputs } from '../../../../features/parameters/value-inputs';
import { useCtx } from '../../../../lib/session';

// The dialog loads when it is first opened.
const AlertDialog = lazy(() =>
  import('../../../../features/alerts/alert-dialog').then((m) => ({ default: m.AlertDialog })),
);

/**
 * "Set alert": an alert on this saved query (its own or a public one), run as the context, with
 * the parameters feature's inputs for its values, starting from the page's values and tier.
 */
export function AlertAction(props: {
  query: GetQueryResponse;
  dirty: boolean;
  /** The page's parameter values and tier: the alert starts from what the analyst sees. */
  values: FormValues;
  tier: Tier;
}) {
  const ctx = useCtx();
  const { query } = props;
  return (
    <DialogAction
      label="Set alert"
      icon={IconBell}
      disabledReason={
        query.is_archived
          ? 'Archived queries cannot have alerts'
          : props.dirty
            ? 'Save the query first: an alert runs the saved version'
            : null
      }
      dialog={(opened, onClose) => (
        <AlertDialog
          ctx={ctx}
          opened={opened}
          onClose={onClose}
          query={{ id: query.query_id, name: query.name, parameters: query.parameters }}
          inputsFor={(parameters) => valueInputs(ctx, parameters)}
          page={{ values: props.values, tier: props.tier }}
        />
      )}
    />
  );
}
