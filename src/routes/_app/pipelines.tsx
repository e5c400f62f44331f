import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/pipelines')({
  component: () => (
    <NotBuiltYet
      title="Pipelines"
      what="Chains of refreshes and queries run in dependency order."
    />
  ),
});
