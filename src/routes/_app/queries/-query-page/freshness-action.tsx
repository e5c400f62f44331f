import { IconHourglass } from '@tabler/icons-react';
import { lazy } from 'react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { DialogAction } from '../../../../components/dialog-action';
import { ageLimitWords } from '../../../../lib/result-age';
import { useCtx } from '../../../../lib/session';

// The dialog loads when it is first opened.
const QueryResultAgeDialog = lazy(() =>
  import('../../../../features/queries/result-age-dialog').then((m) => ({
    default: m.QueryResultAgeDialog,
  })),
);

/**
 * "Freshness": how old a result of this saved query its readers accept, an icon (the header is
 * full) that names the setting on hover and is highlighted when there is a maximum. Only its
 * owner sets it; setting it is no edit of the query.
 */
export function FreshnessAction(props: { query: GetQueryResponse; owned: boolean }) {
  const ctx = useCtx();
  const { query } = props;
  const max = query.max_result_age_seconds;
  return (
    <DialogAction
      label={
        max === null
          ? 'Freshness: always the latest result'
          : `Freshness: results up to ${ageLimitWords(max)} old`
      }
      icon={IconHourglass}
      iconOnly
      active={max !== null}
      disabledReason={props.owned ? null : `Only ${query.owner} can set how old its results may be`}
      dialog={(opened, onClose) => (
        <QueryResultAgeDialog ctx={ctx} query={query} opened={opened} onClose={onClose} />
      )}
    />
  );
}
