import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** An icon button of a table row, named by its tooltip (which is also its accessible name). */
export function IconAction(props: {
  label: string;
  icon: Icon;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  const { icon: Glyph } = props;
  return (
    <Tooltip label={props.label} openDelay={300} withArrow>
      <ActionIcon
        variant="subtle"
        // A named color at a fixed shade: the subtle variant's own ("light") color of a hue is
        // its palest shade in dark mode, where a blue Run or a red Delete read as gray.
        color={props.color ? `${props.color}.6` : 'gray'}
        aria-label={props.label}
        loading={props.loading}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        <Glyph size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
