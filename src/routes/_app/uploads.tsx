import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/uploads')({
  component: () => (
    <NotBuiltYet
      title="Uploads"
      what="A CSV upload wizard that turns a file into a table you can query."
    />
  ),
});
