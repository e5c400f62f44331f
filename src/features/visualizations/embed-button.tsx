import '@mantine/core/styles/Modal.css';
import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCode } from '@tabler/icons-react';
import { EmbedSnippet } from '../../components/embed-snippet';
import { visualizationEmbedPath } from '../../lib/embed-url';

/** What the query page gives the Embed button: its values (as its URL carries them), privacy. */
export type EmbedInfo = { search: Record<string, unknown>; isPrivate: boolean };

const EMBED_HEIGHT_PX = 420;

/** "Embed" on a saved visualization's tab: the iframe code of its embed page, to copy. */
export function EmbedButton(props: {
  queryId: number;
  vizId: number;
  name: string;
  embed: EmbedInfo;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconCode size={16} />} onClick={open}>
        Embed
      </Button>
      <Modal opened={opened} onClose={close} title="Embed this visualization" size="lg">
        <EmbedSnippet
          path={visualizationEmbedPath(props.queryId, props.vizId)}
          search={props.embed.search}
          title={props.name}
          height={EMBED_HEIGHT_PX}
          unavailable={
            props.embed.isPrivate
              ? 'Only visualizations of public queries can be embedded: make the query public first.'
              : null
          }
          description="Paste it into any web page. It shows the saved visualization and the latest result of the query for the parameter values of this page; anyone can see it."
        />
      </Modal>
    </>
  );
}
