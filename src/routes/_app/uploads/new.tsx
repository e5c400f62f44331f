import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { allUploadsOptions } from '../../../features/uploads/api';
import { UploadsSection } from '../../../features/uploads/uploads-section';
import type { WizardSearch } from '../../../features/uploads/wizard-search';
import { oneOf, text, type RawSearch } from '../../../lib/search-params';
import { activeCtx } from '../../../lib/session';

/** ?mode=new|append|replace (default new) and, for append or replace, ?table=<name>. */
function parseWizardSearch(raw: RawSearch): WizardSearch {
  const mode = oneOf(raw.mode, ['new', 'append', 'replace'] as const, 'new');
  const table = text(raw.table, { max: 128 });
  return table ? { mode, table } : { mode };
}

/** The CSV upload wizard. */
export const Route = createFileRoute('/_app/uploads/new')({
  validateSearch: (raw: Partial<WizardSearch> & SearchSchemaInput) => parseWizardSearch(raw),
  search: { middlewares: [stripSearchParams({ mode: 'new' })] },
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(allUploadsOptions(activeCtx(queryClient))),
  component: function UploadWizardRoute() {
    const search = Route.useSearch();
    return <UploadsSection page="wizard" initial={search} />;
  },
});
