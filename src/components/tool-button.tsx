import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ToolButtonProps = Omit<ButtonProps, 'size' | 'leftSection'> &
  ElementProps<'button', keyof ButtonProps> & {
    icon: Icon;
    /** Renders the button as another element, such as a router Link (Mantine's renderRoot). */
    renderRoot?: (props: Record<string, unknown>) => ReactNode;
  };

/** A small button with a leading icon: the actions of page headers, toolbars and panels. */
export function ToolButton({ icon: Glyph, ...props }: ToolButtonProps) {
  return <Button size="xs" leftSection={<Glyph size={14} />} {...props} />;
}
