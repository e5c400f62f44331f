import { Tooltip } from '@mantine/core';
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
  dialog: (opened: boolean, onClose: () => void) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const why = props.disabledReason ?? null;
  return (
    <>
      <Tooltip label={why} disabled={!why} withArrow>
        {/* A disabled button gets no pointer events: the wrapper keeps the tooltip working. */}
        <span>
          <ToolButton
            variant="default"
            icon={props.icon}
            disabled={why !== null}
            onClick={() => {
              setLoaded(true);
              setOpened(true);
            }}
          >
            {props.label}
          </ToolButton>
        </span>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>{props.dialog(opened, () => setOpened(false))}</Suspense>
      )}
    </>
  );
}
