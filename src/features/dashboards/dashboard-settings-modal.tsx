import '@mantine/core/styles/Modal.css';
import { Group, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DashboardResponse, UpdateDashboardRequest } from '../../../contract/dashboards';
import { ApiError } from '../../lib/api';
import { useUpdateDashboard } from './mutations';
import { DASHBOARD_LIMITS } from '../../../contract/rules/limits';
import { SLUG_PATTERN } from '../../../contract/rules/names';
import { FormActions } from '../../components/form-actions';
import { ResultAgeSelect } from '../../components/result-age-select';
import { appScope } from './api';
import { rereadLatest } from './viz-source';

/**
 * Rename, edit the slug, the tags and the maximum age of the results a dashboard shows. A taken
 * slug says so beside the field.
 */
export function DashboardSettingsModal(props: {
  ctx: string;
  dashboard: DashboardResponse | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.dashboard !== null} onClose={props.onClose} title="Dashboard settings">
      {props.dashboard && (
        <SettingsForm
          key={props.dashboard.dashboard_id}
          ctx={props.ctx}
          dashboard={props.dashboard}
          onClose={props.onClose}
        />
      )}
    </Modal>
  );
}

function SettingsForm(props: { ctx: string; dashboard: DashboardResponse; onClose: () => void }) {
  const d = props.dashboard;
  const update = useUpdateDashboard(props.ctx);
  const qc = useQueryClient();
  const [name, setName] = useState(d.name);
  const [slug, setSlug] = useState(d.slug);
  const [tags, setTags] = useState(d.tags);
  const [maxAge, setMaxAge] = useState(d.max_result_age_seconds);
  const slugValid = SLUG_PATTERN.test(slug);
  const conflict = update.error instanceof ApiError && update.error.status === 409;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: UpdateDashboardRequest = {};
    if (name.trim() !== d.name) body.name = name.trim();
    if (slug !== d.slug) body.slug = slug;
    if (JSON.stringify(tags) !== JSON.stringify(d.tags)) body.tags = tags;
    if (maxAge !== d.max_result_age_seconds) body.max_result_age_seconds = maxAge;
    if (Object.keys(body).length === 0) return props.onClose();
    update.mutate(
      { id: d.dashboard_id, body },
      {
        onSuccess: () => {
          // Under the new maximum, results already shown may be too old: the widgets read again.
          if (body.max_result_age_seconds !== undefined)
            void rereadLatest(qc, appScope(props.ctx), d.dashboard_id);
          props.onClose();
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Name"
          required
          maxLength={DASHBOARD_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          label="Slug"
          description={`The link: /${d.owner_handle}/${slug || '…'}`}
          value={slug}
          maxLength={DASHBOARD_LIMITS.slug}
          onChange={(e) => {
            setSlug(e.currentTarget.value.toLowerCase());
            update.reset();
          }}
          error={
            !slugValid
              ? 'Lowercase letters, digits and single hyphens'
              : conflict
                ? `Another dashboard of ${d.owner_handle} already uses this slug`
                : undefined
          }
        />
        <TagsInput
          label="Tags"
          value={tags}
          onChange={setTags}
          maxTags={50}
          clearable
          placeholder="Type a tag, then Enter"
        />
        <ResultAgeSelect
          value={maxAge}
          onChange={setMaxAge}
          description="Older results are refreshed when someone opens the dashboard, as a run charged to that signed-in viewer. Visitors who are not signed in see the latest result."
        />
        {update.error && !conflict && (
          <Group c="red" fz="sm" role="alert">
            {update.error.message}
          </Group>
        )}
        <FormActions
          onCancel={props.onClose}
          confirmLabel="Save"
          pending={update.isPending}
          disabled={!name.trim() || !slugValid}
        />
      </Stack>
    </form>
  );
}
