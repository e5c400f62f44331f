import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/datasets')({
  component: () => (
    <NotBuiltYet
      title="Datasets"
      what="A searchable catalog of the demo datasets, uploaded tables and materialized views."
    />
  ),
});
