import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { isTier } from '../../../../../contract/rules/enums';
import { describeCron } from '../../../../features/matviews/schedule';
import { valueInputs } from '../../../../features/parameters/value-inputs';
import { SchedulesPanel } from '../../../../features/schedules/schedules-panel';

/**
 * The query page's schedules: the schedules feature's panel, with the parameters feature's form
 * for the values of a new schedule and the matviews feature's cron words (features never import
 * each other; the route composes them).
 */
export function SchedulesDialog(props: {
  ctx: string;
  query: GetQueryResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const { query } = props;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Schedules of ${query.name}`}
      size="xl"
    >
      {props.opened && (
        <SchedulesPanel
          ctx={props.ctx}
          target={{
            kind: 'query',
            id: query.query_id,
            archived: query.is_archived,
            parameterKeys: query.parameters.map((p) => p.key),
            tier: isTier(query.query_engine) ? query.query_engine : 'medium',
          }}
          describeCron={describeCron}
          {...valueInputs(props.ctx, query.parameters)}
        />
      )}
    </Modal>
  );
}
