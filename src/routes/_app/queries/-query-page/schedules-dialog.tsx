import type { GetQueryResponse } from '../../../../../contract/queries';
import { DEFAULT_TIER, isTier } from '../../../../../contract/rules/enums';
import { valueInputs } from '../../../../features/parameters/value-inputs';
import { SchedulesDialog as Dialog } from '../../../../features/schedules/schedules-dialog';

/**
 * The query page's schedules: the schedules feature's dialog, with the parameters feature's form
 * for the values of a new schedule (features never import each other; the route composes them).
 */
export function SchedulesDialog(props: {
  ctx: string;
  query: GetQueryResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const { query } = props;
  return (
    <Dialog
      name={query.name}
      opened={props.opened}
      onClose={props.onClose}
      ctx={props.ctx}
      target={{
        kind: 'query',
        id: query.query_id,
        archived: query.is_archived,
        parameterKeys: query.parameters.map((p) => p.key),
        tier: isTier(query.query_engine) ? query.query_engine : DEFAULT_TIER,
      }}
      {...valueInputs(props.ctx, query.parameters, { defaultsAsPlaceholders: true })}
    />
  );
}
