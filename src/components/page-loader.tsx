import { Center, Loader } from '@mantine/core';

/** A small spinner centred in a box `h` pixels high, named for screen readers. */
export function CenteredLoader({ h = 240, label = 'Loading' }: { h?: number; label?: string }) {
  return (
    <Center h={h} aria-busy="true">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

/** What a route shows while its data loads. */
export const PageLoader = () => <CenteredLoader />;
