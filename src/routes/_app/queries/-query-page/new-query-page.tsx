import { useSession } from '../../../../lib/session';
import { Workbench, type Values } from './workbench';

/** A new query's page: the workbench over the context's new-query draft, with no saved query. */
export function NewQueryPage(props: {
  values: Values;
  onValuesChange: (values: Values) => void;
  onCreated: (queryId: number) => void;
}) {
  const { ctx } = useSession();
  return (
    <Workbench
      key={`${ctx}:new`}
      ctx={ctx}
      query={null}
      values={props.values}
      onValuesChange={props.onValuesChange}
      tab="results"
      onTabChange={() => {}}
      onCreated={props.onCreated}
    />
  );
}
