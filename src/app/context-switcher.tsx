import { Avatar, Combobox, Group, InputBase, Text, useCombobox } from '@mantine/core';
import { IconSelector, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { contextName } from '../components/owner-context-notice';
import { useContextChoice, useSession } from '../lib/session';

/** The header's context picker: the personal context and every team of the user. */
export function ContextSwitcher() {
  const { me, context } = useSession();
  const choose = useContextChoice((s) => s.choose);
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  function pick(handle: string) {
    combobox.closeDropdown();
    if (handle === context.handle) return;
    choose(handle);
    // A detail page belongs to the context it was opened in: go to the section's list.
    const section = path.split('/')[1] || 'queries';
    void navigate({ to: `/${section}` });
  }

  const icon = (type: string) =>
    type === 'team' ? <IconUsersGroup size={14} /> : <IconUser size={14} />;

  return (
    <Combobox store={combobox} onOptionSubmit={pick} width={260} position="bottom-start">
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          w={220}
          size="xs"
          aria-label="Active context"
          data-testid="context-switcher"
          leftSection={icon(context.type)}
          rightSection={<IconSelector size={14} />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
        >
          {contextName(context)}
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {me.contexts.map((c) => (
            <Combobox.Option
              value={c.handle}
              key={c.handle}
              data-handle={c.handle}
              active={c.handle === context.handle}
              aria-selected={c.handle === context.handle}
            >
              <Group gap="xs" wrap="nowrap">
                <Avatar size={22} radius="xl" color={c.type === 'team' ? 'grape' : 'indigo'}>
                  {icon(c.type)}
                </Avatar>
                <div>
                  <Text size="sm">{contextName(c)}</Text>
                  <Text size="xs" c="dimmed">
                    {c.type === 'team' ? `team · ${c.role}` : 'personal'}
                    {c.display_name && c.display_name !== c.handle ? ` · @${c.handle}` : ''}
                  </Text>
                </div>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
