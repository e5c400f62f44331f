import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/dashboards')({
  component: () => (
    <NotBuiltYet title="Dashboards" what="Dashboards of charts, shared by /owner/slug links." />
  ),
});
