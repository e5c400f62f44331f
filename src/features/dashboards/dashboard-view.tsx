import { Button } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { DashboardResponse } from '../../../contract/dashboards';
import { MarkdownText } from '../../components/markdown-text';
import type { DashboardScope } from './api';
import { DashboardWidgets } from './dashboard-widgets';
import { ParamWidget } from './param-widget';
import type { DashboardSearch, ValueParam } from './params';

type Props = {
  scope: DashboardScope;
  dashboard: DashboardResponse;
  signedIn: boolean;
  search: DashboardSearch;
  /** Writes one parameter widget's value to the URL. */
  onValue: (name: ValueParam, value: string) => void;
  refreshMs: number;
};

/** Sends the visitor to sign in, back to this page after. */
function SignInToRun() {
  const href = useRouterState({ select: (s) => s.location.href });
  const navigate = useNavigate();
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => void navigate({ to: '/sign-in', search: { redirect: href } })}
    >
      Sign in to run with these values
    </Button>
  );
}

/**
 * A dashboard in view mode in the app (its page and its public page): the dashboard's widgets
 * with inputs for its parameters; a visitor is offered to sign in to run a query with values
 * that have no result yet.
 */
export function DashboardView({ onValue, ...props }: Props) {
  return (
    <DashboardWidgets
      {...props}
      signIn={<SignInToRun />}
      Markdown={MarkdownText}
      param={(p) => (
        <ParamWidget
          paramKey={p.paramKey}
          parameter={p.parameter}
          value={p.value}
          onChange={(v) => onValue(p.name, v)}
          testId={p.testId}
        />
      )}
    />
  );
}
