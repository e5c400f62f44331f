import '@mantine/core/styles/Kbd.css';
import { Alert, Badge, Button, Group, Kbd, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAdjustments, IconDatabase, IconDeviceFloppy, IconHistory } from '@tabler/icons-react';
import type { GetQueryResponse } from '../../../../../contract/queries';
import type { Tier } from '../../../../../contract/rules/enums';
import type { FormValues } from '../../../../features/parameters/form-values';
import { OwnerContextNotice } from '../../../../components/owner-context-notice';
import { MatviewActions } from './matview-actions';
import { AlertAction } from './alert-action';
import { ScheduleActions } from './schedule-actions';
import { FreshnessAction } from './freshness-action';
import { ToolButton } from '../../../../components/tool-button';

const MOD = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl';

/**
 * Name, state badges and the page's actions: save, discard, parameters, history, the freshness
 * of its results. `query` is null
 * on a new query's page (nothing is saved until Save).
 */
export function QueryHeader(props: {
  query: GetQueryResponse | null;
  name: string;
  onNameChange: (name: string) => void;
  owned: boolean;
  dirty: boolean;
  saving: boolean;
  saveError: string | undefined;
  onSave: () => void;
  onDiscard: () => void;
  onOpenHistory: () => void;
  onOpenParameters: () => void;
  /** The data panel (catalog search beside the editor). */
  dataOpen: boolean;
  onToggleData: () => void;
  /** The values and tier on the page, which a new alert starts from. */
  values: FormValues;
  tier: Tier;
}) {
  const { query } = props;
  return (
    <>
      <Group justify="space-between" wrap="wrap" align="center" gap="xs">
        {/* The name keeps room for itself; the actions wrap below it on a narrow page. */}
        <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 300px', minWidth: 0 }}>
          <TextInput
            aria-label="Query name"
            value={props.name}
            onChange={(e) => props.onNameChange(e.currentTarget.value)}
            readOnly={!props.owned}
            variant="unstyled"
            size="lg"
            fw={600}
            // Room for the whole name (up to 40 characters) before the row shares out the rest.
            style={{
              flex: `1 1 ${Math.min(Math.max(props.name.length + 3, 8), 40)}ch`,
              minWidth: 120,
            }}
          />
          {props.dirty && (
            <Badge
              color="yellow"
              variant="light"
              data-testid="unsaved-badge"
              style={{ flexShrink: 0 }}
            >
              Unsaved
            </Badge>
          )}
          {query?.is_private && <Badge variant="outline">Private</Badge>}
          {query?.is_archived && <Badge color="gray">Archived</Badge>}
          {/* Owner and version give way first when the row is short. */}
          <Text size="sm" c="dimmed" truncate="end" style={{ minWidth: 40, flexShrink: 4 }}>
            {query ? `${query.owner} · v${query.version}` : 'Not saved yet'}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ToolButton
            variant={props.dataOpen ? 'light' : 'default'}
            icon={IconDatabase}
            onClick={props.onToggleData}
            aria-pressed={props.dataOpen}
          >
            Data
          </ToolButton>
          <ToolButton variant="default" icon={IconAdjustments} onClick={props.onOpenParameters}>
            Parameters
          </ToolButton>
          {query && (
            <>
              <MatviewActions query={query} owned={props.owned} dirty={props.dirty} />
              <AlertAction
                query={query}
                dirty={props.dirty}
                values={props.values}
                tier={props.tier}
              />
              <ScheduleActions query={query} owned={props.owned} />
              <FreshnessAction query={query} owned={props.owned} />
              <ToolButton variant="default" icon={IconHistory} onClick={props.onOpenHistory}>
                History
              </ToolButton>
            </>
          )}
          {props.dirty && props.owned && (
            <Button variant="subtle" size="xs" color="gray" onClick={props.onDiscard}>
              Discard
            </Button>
          )}
          <Tooltip label={<Kbd size="xs">{MOD}+S</Kbd>} disabled={!props.owned}>
            <ToolButton
              icon={IconDeviceFloppy}
              onClick={props.onSave}
              loading={props.saving}
              disabled={!props.owned || (query !== null && !props.dirty)}
            >
              Save
            </ToolButton>
          </Tooltip>
        </Group>
      </Group>
      {query && !props.owned && (
        <OwnerContextNotice
          owner={query.owner}
          noun="query"
          elsewhere={`This query belongs to ${query.owner}. You can run it and edit it here, but only its owner can save it: fork it from the query library to keep your own copy.`}
        />
      )}
      {props.saveError && (
        <Alert color="red" role="alert" title="Not saved">
          {props.saveError}
        </Alert>
      )}
    </>
  );
}
