import { Alert, Group, Text } from '@mantine/core';
import type { Parameter } from '../../../../../contract/parameters';
import { AddParameterMenu } from '../../../../features/parameters/add-parameter-menu';

/** Under the editor: each `{{name}}` of the SQL without a definition, with a typed "Add". */
export function MissingParameters(props: {
  missing: string[];
  sql: string;
  onAdd: (parameter: Parameter) => void;
}) {
  const { missing } = props;
  if (missing.length === 0) return null;
  return (
    <Alert color="blue" variant="light" data-testid="missing-parameters" py="xs">
      <Group gap="xs">
        {missing.map((key) => (
          <AddParameterMenu key={key} name={key} sql={props.sql} onAdd={props.onAdd} />
        ))}
        <Text size="sm">
          {missing.map((k) => `{{${k}}}`).join(', ')} {missing.length === 1 ? 'is' : 'are'} used in
          the SQL but not defined.
        </Text>
      </Group>
    </Alert>
  );
}
