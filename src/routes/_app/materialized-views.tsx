import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/materialized-views')({
  component: () => (
    <NotBuiltYet
      title="Materialized views"
      what="Queries turned into tables that refresh on a schedule."
    />
  ),
});
