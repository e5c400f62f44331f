import '@mantine/core/styles/Modal.css';
import { Group, Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GetQueryResponse } from '../../../contract/queries';
import { FormActions } from '../../components/form-actions';
import { ResultAgeSelect } from '../../components/result-age-select';
import { queryKeys, updateQuery } from '../../lib/resources/queries';

/**
 * The maximum age of a saved query's results its readers accept (`max_result_age_seconds`). A
 * setting of how the query is read, not of what it runs: the PATCH carries it alone, with no
 * If-Match, and the service makes no new version, so unsaved edits of the text stay as they are.
 */
export function QueryResultAgeDialog(props: {
  ctx: string;
  query: Pick<GetQueryResponse, 'query_id' | 'name' | 'max_result_age_seconds'>;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Freshness of results">
      {props.opened && <AgeForm {...props} />}
    </Modal>
  );
}

function AgeForm(props: {
  ctx: string;
  query: Pick<GetQueryResponse, 'query_id' | 'max_result_age_seconds'>;
  onClose: () => void;
}) {
  const { ctx, query } = props;
  const qc = useQueryClient();
  const [maxAge, setMaxAge] = useState(query.max_result_age_seconds);
  const save = useMutation({
    mutationFn: (seconds: number | null) =>
      updateQuery(ctx, query.query_id, { max_result_age_seconds: seconds }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.detail(ctx, query.query_id) }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (maxAge === query.max_result_age_seconds) return props.onClose();
    save.mutate(maxAge, { onSuccess: props.onClose });
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <ResultAgeSelect
          value={maxAge}
          onChange={setMaxAge}
          description="Older results are refreshed when someone reads this query's latest result: through the API, on a dashboard without its own maximum, or from a query that reads query_<id>. The run is charged to that reader. This page always shows the latest result."
        />
        {save.error && (
          <Group c="red" fz="sm" role="alert">
            {save.error.message}
          </Group>
        )}
        <FormActions onCancel={props.onClose} confirmLabel="Save" pending={save.isPending} />
      </Stack>
    </form>
  );
}
