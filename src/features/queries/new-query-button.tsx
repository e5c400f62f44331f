import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Opens a new query's page, a draft until it is saved (not preloaded on hover). */
export function NewQueryButton() {
  return (
    <Button component={Link} to="/queries/new" preload={false} leftSection={<IconPlus size={16} />}>
      New query
    </Button>
  );
}
