import '@mantine/core/styles/Stepper.css';
import { Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCtx } from '../../lib/session';
import { allUploadsOptions, uploadKeys } from './api';
import { FileStep } from './file-step';
import { schemaOf, startColumns } from './start-columns';
import { uploadNameProblem } from '../../../contract/rules/names';
import { columnNameErrors, tableNameFromFile } from './names';
import type { Preview } from './preview';
import { runUpload, UploadFailure, type UploadProgress, type UploadRequest } from './run-upload';
import { TableStep, type TableSettings } from './table-step';
import { TypesStep, type ColumnDraft } from './types-step';
import { planUpload } from './upload-plan';
import { UploadStep, type UploadState } from './upload-step';
import type { WizardSearch } from './wizard-search';
import { fullNameSql, splitFullName } from './full-name';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** The CSV upload wizard: file, columns and types, table, upload. */
export function UploadWizard({ initial }: { initial: WizardSearch }) {
  const ctx = useCtx();
  const namespace = ctx.toLowerCase();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data: all } = useSuspenseQuery(allUploadsOptions(ctx));
  const [active, setActive] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [columns, setColumns] = useState<ColumnDraft[]>([]);
  const [settings, setSettings] = useState<TableSettings>({
    name: initial.table ?? '',
    description: '',
    isPrivate: false,
    mode: initial.mode,
  });
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<UploadProgress>({ phase: 'preparing', action: null });
  const upload = useMutation({
    mutationFn: (req: UploadRequest) => runUpload(req, setProgress),
    onSettled: () => qc.invalidateQueries({ queryKey: uploadKeys.all(ctx) }),
  });

  const tableOf = (name: string) =>
    all.tables.find((t) => splitFullName(t.full_name).table === name);
  const existing = tableOf(settings.name);
  const schema = schemaOf(columns);
  const plan = uploadNameProblem(settings.name)
    ? null
    : planUpload(settings.mode, settings.name, existing, schema);
  const columnsOk =
    columns.length > 0 && columnNameErrors(schema.map((c) => c.name)).every((e) => !e);

  const onFile = async (f: File) => {
    setReading(true);
    setFileError(null);
    try {
      // Papa Parse loads with the first file, not with the uploads pages.
      const { parsePreview } = await import('./parse-preview');
      const p = await parsePreview(f);
      const name = settings.name || tableNameFromFile(f.name);
      setColumns(startColumns(p, settings.mode === 'new' ? undefined : tableOf(name)));
      setPreview(p);
      setSettings((s) => ({ ...s, name }));
      setActive(1);
    } catch (err) {
      setPreview(null);
      setFileError(err instanceof Error ? err.message : String(err));
    } finally {
      setFile(f);
      setReading(false);
    }
  };

  const start = (confirmed: boolean) => {
    if (!plan?.ok || !file) return;
    if (plan.confirm && !confirmed) return setConfirming(true);
    setConfirming(false);
    setProgress({ phase: 'preparing', action: null });
    setActive(3);
    upload.mutate({
      ctx,
      namespace,
      table: settings.name,
      mode: settings.mode,
      actions: plan.actions,
      columns: schema,
      description: settings.description.trim(),
      isPrivate: settings.isPrivate,
      file,
    });
  };

  const restart = () => {
    upload.reset();
    setFile(null);
    setPreview(null);
    setColumns([]);
    setActive(0);
  };

  const state: UploadState | null = upload.isPending
    ? { status: 'running', progress }
    : upload.isSuccess
      ? { status: 'done', ...upload.data }
      : upload.isError
        ? {
            status: 'failed',
            message: upload.error.message,
            aftermath: upload.error instanceof UploadFailure ? upload.error.aftermath : null,
          }
        : null;
  const locked = upload.isPending || upload.isSuccess;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={2}>
            {initial.mode === 'append' && initial.table
              ? `Append a CSV to ${initial.table}`
              : 'Upload a CSV'}
          </Title>
          <Text size="sm" c="dimmed">
            The file becomes a table of {ctx}, queryable as {fullNameSql(`dune.${namespace}`)}
            .&lt;table&gt;.
          </Text>
        </div>
        <Button component={Link} to="/uploads" variant="default">
          Back to uploads
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stepper
          active={active}
          onStepClick={(i) => !locked && i < active && setActive(i)}
          size="sm"
          allowNextStepsSelect={false}
        >
          <Stepper.Step label="File" description={file ? file.name : 'Drop or pick a CSV'}>
            <FileStep file={file} error={fileError} busy={reading} onFile={(f) => void onFile(f)} />
          </Stepper.Step>
          <Stepper.Step label="Columns" description="Names and types">
            {preview && <TypesStep preview={preview} columns={columns} onChange={setColumns} />}
          </Stepper.Step>
          <Stepper.Step label="Table" description="Name and mode">
            <TableStep
              namespace={namespace}
              settings={settings}
              exists={existing !== undefined}
              plan={plan}
              onChange={setSettings}
              onUseTableTypes={
                existing && preview ? () => setColumns(startColumns(preview, existing)) : undefined
              }
            />
          </Stepper.Step>
          <Stepper.Step label="Upload" description="Send and ingest">
            {state && (
              <UploadStep
                state={state}
                onOpen={(sql) => void navigate({ to: '/queries/new', search: { sql } })}
                onBack={() => {
                  upload.reset();
                  setActive(1);
                }}
                onAnother={restart}
                onList={() => void navigate({ to: '/uploads' })}
              />
            )}
          </Stepper.Step>
        </Stepper>
        {active > 0 && active < 3 && (
          <Group justify="space-between" mt="lg">
            <Button variant="default" onClick={() => setActive(active - 1)}>
              Back
            </Button>
            {active === 1 ? (
              <Button disabled={!columnsOk} onClick={() => setActive(2)}>
                Next
              </Button>
            ) : (
              <Button disabled={!plan?.ok || !columnsOk} onClick={() => start(false)}>
                Upload
              </Button>
            )}
          </Group>
        )}
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title="Replace the table?"
        confirmLabel="Delete and replace"
        preLine
        onClose={() => setConfirming(false)}
        onConfirm={() => start(true)}
      >
        {plan?.ok ? plan.confirm : ''}
      </ConfirmDialog>
    </Stack>
  );
}
