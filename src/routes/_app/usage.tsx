import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/usage')({
  component: () => (
    <NotBuiltYet title="Usage" what="Credits and storage used per billing period." />
  ),
});
