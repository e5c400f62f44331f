import { Menu } from '@mantine/core';
import { IconClipboardText, IconColumns, IconCopy, IconEye } from '@tabler/icons-react';

export type CellMenuState = { x: number; y: number } | null;

/** The right-click menu of a cell, opened at the pointer (or at the cell for the keyboard). */
export function CellMenu({
  at,
  onClose,
  onCopyValue,
  onCopyRow,
  onCopyName,
  onShowValue,
}: {
  at: CellMenuState;
  onClose: () => void;
  onCopyValue: () => void;
  onCopyRow: () => void;
  onCopyName: () => void;
  onShowValue: () => void;
}) {
  return (
    <Menu
      opened={at !== null}
      onChange={(open) => !open && onClose()}
      position="bottom-start"
      offset={2}
      withinPortal
      returnFocus={false}
    >
      <Menu.Target>
        <div
          aria-hidden
          style={{ position: 'fixed', left: at?.x ?? 0, top: at?.y ?? 0, width: 1, height: 1 }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label="Cell actions">
        <Menu.Item leftSection={<IconEye size={14} />} onClick={onShowValue}>
          Show full value
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={onCopyValue}>
          Copy value
        </Menu.Item>
        <Menu.Item leftSection={<IconClipboardText size={14} />} onClick={onCopyRow}>
          Copy row as TSV
        </Menu.Item>
        <Menu.Item leftSection={<IconColumns size={14} />} onClick={onCopyName}>
          Copy column name
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
