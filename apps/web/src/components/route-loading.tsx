import { Center, Loader } from '@mantine/core';

/** Shown while a page's code is still arriving on the first load. */
export function RouteLoading() {
  return (
    <Center mih="60dvh" role="status" aria-label="Loading">
      <Loader color="tend" />
    </Center>
  );
}
