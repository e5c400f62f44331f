import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Suspense, useState, type ReactNode } from 'react';
import { ToolButton } from './tool-button';

/**
 * A page action that opens a dialog whose code loads on the first click (`dialog` renders a lazy
 * component): the button, why it is disabled (a tooltip), and the dialog once it was opened.
 */
export function DialogAction(props: {
  label: string;
  icon: Icon;
  /** Why the action is not offered here; null or absent: it is. */
  disabledReason?: string | null;
  /** Only the icon, `label` in a tooltip (a crowded header's lesser setting). */
  iconOnly?: boolean;
  /** The icon-only button is highlighted (its setting is on). */
  active?: boolean;
  dialog: (opened: boolean, onClose: () => void) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const why = props.disabledReason ?? null;
  const open = () => {
    setLoaded(true);
    setOpened(true);
  };
  const Glyph = props.icon;
  return (
    <>
      <Tooltip
        label={props.iconOnly && why ? `${props.label}: ${why}` : (why ?? props.label)}
        disabled={!why && !props.iconOnly}
        withArrow
      >
        {/* A disabled button gets no pointer events: the wrapper keeps the tooltip working. */}
        <span>
          {props.iconOnly ? (
            <ActionIcon
              variant={props.active ? 'light' : 'default'}
              size="md"
              aria-label={props.label}
              disabled={why !== null}
              onClick={open}
            >
              <Glyph size={16} />
            </ActionIcon>
          ) : (
            <ToolButton variant="default" icon={Glyph} disabled={why !== null} onClick={open}>
              {props.label}
            </ToolButton>
          )}
        </span>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>{props.dialog(opened, () => setOpened(false))}</Suspense>
      )}
    </>
  );
}
