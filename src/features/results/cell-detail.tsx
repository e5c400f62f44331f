import '@mantine/core/styles/Code.css';
import {
  CloseButton,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
import { IconCopy } from '@tabler/icons-react';
import { copyToClipboard } from './clipboard';
import { cellDetail } from './format-value';
import { ToolButton } from '../../components/tool-button';

/** The cell whose full value is open: where to show it, and what it holds. */
export type CellDetailState = {
  x: number;
  y: number;
  row: number;
  column: { name: string; type: string };
  value: unknown;
} | null;

/**
 * The full value of one cell, next to it: the whole text (JSON indented), a number's formatted
 * and raw forms, and a button that copies the raw value. Escape or a click elsewhere closes it.
 */
export function CellDetail({ at, onClose }: { at: CellDetailState; onClose: () => void }) {
  const detail = at ? cellDetail(at.value, at.column.type) : null;
  // The dialog's name (Mantine would name it after its invisible anchor otherwise).
  const nameId = useId();
  return (
    <Popover
      opened={at !== null}
      onChange={(open) => !open && onClose()}
      onClose={onClose}
      position="bottom-start"
      offset={4}
      width={420}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
      closeOnEscape
    >
      <Popover.Target>
        <div
          aria-hidden
          style={{ position: 'fixed', left: at?.x ?? 0, top: at?.y ?? 0, width: 1, height: 1 }}
        />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={nameId} data-testid="cell-detail">
        <VisuallyHidden id={nameId}>
          {at ? `Value of ${at.column.name}, row ${at.row + 1}` : 'Cell value'}
        </VisuallyHidden>
        {at && detail && (
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate="end" style={{ minWidth: 0 }}>
                {at.column.name}{' '}
                <Text span size="xs" c="dimmed" ff="monospace">
                  {at.column.type} · row {at.row + 1}
                </Text>
              </Text>
              <CloseButton size="sm" aria-label="Close" onClick={onClose} />
            </Group>
            {detail.formatted !== null && (
              <Text size="xs" c="dimmed" data-testid="cell-detail-formatted">
                Shown as {detail.formatted}
              </Text>
            )}
            <ScrollArea.Autosize mah={280} type="auto">
              <Text
                component="pre"
                size="sm"
                ff="monospace"
                m={0}
                c={detail.isNull ? 'dimmed' : undefined}
                fs={detail.isNull ? 'italic' : undefined}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="cell-detail-value"
              >
                {detail.text}
              </Text>
            </ScrollArea.Autosize>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {detail.length}
              </Text>
              <ToolButton
                variant="light"
                icon={IconCopy}
                disabled={detail.isNull}
                onClick={() => void copyToClipboard(detail.copy, 'value')}
              >
                Copy value
              </ToolButton>
            </Group>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
