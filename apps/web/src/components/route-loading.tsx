import { Center, Loader } from '@mantine/core';
import { useCommonT } from '../i18n/common';

/** Shown while a page's code is still arriving on the first load. */
export function RouteLoading() {
  const { t } = useCommonT();
  return (
    <Center mih="60dvh" role="status" aria-label={t('loading')}>
      <Loader color="tend" />
    </Center>
  );
}
