import { UploadWizard } from './upload-wizard';
import { UploadsPage } from './uploads-page';
import type { WizardSearch } from './wizard-search';

/**
 * Both pages of the uploads section, behind one component so that both routes load the same
 * chunk: two lazy chunks that share Mantine with the first pages in different combinations
 * split the first pages' shared chunks further, and each extra file costs the bundle budget.
 */
export function UploadsSection(
  props:
    | { page: 'list'; offset: number; onOffset: (offset: number) => void }
    | { page: 'wizard'; initial: WizardSearch },
) {
  if (props.page === 'list') return <UploadsPage offset={props.offset} onOffset={props.onOffset} />;
  return (
    <UploadWizard
      key={`${props.initial.mode}:${props.initial.table ?? ''}`}
      initial={props.initial}
    />
  );
}
