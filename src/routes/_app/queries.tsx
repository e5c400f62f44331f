import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/queries')({
  component: () => <NotBuiltYet title="Queries" what="The query library." />,
});
