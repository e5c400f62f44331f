import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center h={240} aria-busy="true">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}
