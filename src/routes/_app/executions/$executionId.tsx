import { createFileRoute } from '@tanstack/react-router';
import { executionStatusOptions } from '../../../lib/resources/executions';
import { activeCtx } from '../../../lib/session';
import { ExecutionView } from './-execution-view';

/** One execution (a run, a view's refresh, a pipeline node): its state and its result. */
export const Route = createFileRoute('/_app/executions/$executionId')({
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(executionStatusOptions(activeCtx(queryClient), params.executionId)),
  component: function ExecutionRoute() {
    const { executionId } = Route.useParams();
    return <ExecutionView executionId={executionId} />;
  },
});
