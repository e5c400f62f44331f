import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../components/not-built-yet';

export const Route = createFileRoute('/_app/settings')({
  component: () => <NotBuiltYet title="Settings" what="Teams and API keys." />,
});
