import { Button, Menu, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import type { Parameter } from '../../../contract/parameters';
import { PARAMETER_TYPES, type ParameterType } from '../../../contract/rules/enums';
import { newParameter } from './definitions';
import { guessParameterType } from './guess-type';

export const TYPE_LABELS: Record<ParameterType, string> = {
  text: 'Text',
  number: 'Number',
  datetime: 'Date and time',
  enum: 'List of options',
  varbinary: 'Address or bytes (0x…)',
};

/**
 * "Add parameter <name>": a menu of the types, the one the SQL and the name suggest first (its
 * default already fitting the type).
 */
export function AddParameterMenu(props: {
  name: string;
  sql: string;
  onAdd: (parameter: Parameter) => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const guess = guessParameterType(props.name, props.sql);
  const order = [guess, ...PARAMETER_TYPES.filter((t) => t !== guess)];
  return (
    <Menu position="bottom-start" shadow="md">
      <Menu.Target>
        <Button
          size={props.size ?? 'compact-sm'}
          variant={props.variant ?? 'light'}
          leftSection={<IconPlus size={14} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Add parameter {props.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{`Type of {{${props.name}}}`}</Menu.Label>
        {order.map((type) => (
          <Menu.Item key={type} onClick={() => props.onAdd(newParameter(props.name, type))}>
            {TYPE_LABELS[type]}
            {type === guess ? ' (suggested)' : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
