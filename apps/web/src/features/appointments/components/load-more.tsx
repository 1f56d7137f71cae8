import { Button, Group } from '@mantine/core';
import { useAppointmentsT } from '../i18n';

type Props = {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  /** What is being loaded, for people who hear the button ("appointments"). */
  what: string;
};

/** The end of a paged list: one more page on request, nothing once there is none. */
export function LoadMore({ hasMore, loading, onLoad, what }: Props) {
  const { t } = useAppointmentsT();
  if (!hasMore) return null;
  return (
    <Group justify="center" mt="md">
      <Button
        variant="default"
        loading={loading}
        onClick={onLoad}
        aria-label={t('list.loadMoreWhat', { what })}
      >
        {t('list.loadMore')}
      </Button>
    </Group>
  );
}
