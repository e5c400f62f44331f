import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Modal, Paper, ScrollArea, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MarkdownText } from '../../components/markdown-text';
import { DASHBOARD_LIMITS } from '../../../contract/rules/limits';
import { FormActions } from '../../components/form-actions';

/** Write a text widget's Markdown beside a live (sanitized) preview. */
export function TextWidgetModal(props: {
  /** The text being edited; null when closed. */
  initial: string | null;
  title: string;
  onClose: () => void;
  onSave: (text: string) => void;
}) {
  return (
    <Modal opened={props.initial !== null} onClose={props.onClose} title={props.title} size="xl">
      {props.initial !== null && <TextForm {...props} initial={props.initial} />}
    </Modal>
  );
}

function TextForm(props: { initial: string; onClose: () => void; onSave: (text: string) => void }) {
  const [text, setText] = useState(props.initial);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label="Markdown"
          description="Headings, emphasis, lists, links and images by URL; HTML is not rendered."
          autosize
          minRows={10}
          maxRows={18}
          maxLength={DASHBOARD_LIMITS.text}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Preview
          </Text>
          <Paper withBorder p="sm" radius="md" aria-label="Preview" role="region">
            <ScrollArea.Autosize mah={380}>
              {text.trim() ? (
                <MarkdownText text={text} />
              ) : (
                <Text size="sm" c="dimmed">
                  Nothing to show yet.
                </Text>
              )}
            </ScrollArea.Autosize>
          </Paper>
        </Stack>
      </SimpleGrid>
      <FormActions
        onCancel={props.onClose}
        confirmLabel="Done"
        disabled={!text.trim()}
        onConfirm={() => props.onSave(text)}
      />
    </Stack>
  );
}
