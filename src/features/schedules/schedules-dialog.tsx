import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { CenteredLoader } from '../../components/page-loader';
import { SchedulesPanel, type SchedulesPanelProps } from './schedules-panel';

/**
 * The Schedules dialog of a query's or a dashboard's page: the panel, mounted while open. With
 * `loading` (what is awaited), a loader stands in until the page has what the form needs.
 */
export function SchedulesDialog({
  name,
  opened,
  onClose,
  loading,
  ...panel
}: SchedulesPanelProps & {
  /** The query's or dashboard's name, in the title. */
  name: string;
  opened: boolean;
  onClose: () => void;
  loading?: string | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Schedules of ${name}`} size="xl">
      {opened &&
        (loading ? <CenteredLoader h={120} label={loading} /> : <SchedulesPanel {...panel} />)}
    </Modal>
  );
}
