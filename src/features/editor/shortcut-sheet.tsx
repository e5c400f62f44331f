import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Modal.css';
import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useDisclosure, useHotkeys, useOs } from '@mantine/hooks';

type Shortcut = { keys: string[]; action: string };

/** The shortcuts, with the platform's modifier (⌘ on macOS, Ctrl elsewhere). */
export function shortcuts(mac: boolean): Shortcut[] {
  const mod = mac ? '⌘' : 'Ctrl';
  const alt = mac ? '⌥' : 'Alt';
  return [
    {
      keys: [mod, 'Enter'],
      action: 'Run the selection, the statement at the cursor, or the query (anywhere on the page)',
    },
    { keys: [mod, 'S'], action: 'Save the query (anywhere on the page)' },
    { keys: ['Shift', alt, 'F'], action: 'Format the SQL' },
    { keys: [mod, 'Space'], action: 'Show completions' },
    { keys: ['Tab'], action: 'Accept the highlighted completion' },
    {
      keys: ['Enter'],
      action: 'At the end of a line: a new line, unless you moved through the completions',
    },
    { keys: [mod, '/'], action: 'Comment or uncomment lines' },
    { keys: ['F1'], action: 'All editor commands' },
    { keys: ['?'], action: 'This sheet (outside the editor)' },
  ];
}

/** Whether a key press happened in the editor (Monaco types into its own element). */
const inEditor = (event: KeyboardEvent) =>
  event.target instanceof Element && !!event.target.closest('.monaco-editor');

/** A sheet of the editor's shortcuts, opened with `?` when no input or editor has focus. */
export function ShortcutSheet() {
  const [opened, { open, close }] = useDisclosure(false);
  const mac = useOs() === 'macos';
  const onQuestionMark = (event: KeyboardEvent) => {
    if (!inEditor(event)) open();
  };
  // Mantine ignores presses in inputs, textareas, selects and contenteditable elements.
  useHotkeys([
    ['shift+?', onQuestionMark, { preventDefault: false }],
    ['?', onQuestionMark, { preventDefault: false }],
  ]);
  return (
    <Modal opened={opened} onClose={close} title="Keyboard shortcuts" size="lg">
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {shortcuts(mac).map((s) => (
            <Table.Tr key={s.action}>
              <Table.Td w={170}>
                <Group gap={4} wrap="nowrap">
                  {s.keys.map((k, i) => (
                    <Group key={k} gap={4} wrap="nowrap">
                      {i > 0 && (
                        <Text span size="xs" c="dimmed">
                          +
                        </Text>
                      )}
                      <Kbd>{k}</Kbd>
                    </Group>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{s.action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
