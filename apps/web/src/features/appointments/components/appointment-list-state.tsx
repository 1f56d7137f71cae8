import { Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import type { useAppointments } from '../api/list-appointments';
import { LoadMore } from './load-more';
import { useAppointmentsT } from '../i18n';

type Props = {
  list: ReturnType<typeof useAppointments>;
  /** Said while loading and when loading fails ("your appointments", translated). */
  what: string;
  empty: string;
  /** How many of the loaded appointments are shown (a view may filter them). */
  shown: number;
  children: ReactNode;
};

/** A paged appointment list's loading, failure, empty and "Load more" states around its rows. */
export function AppointmentListState({ list, what, empty, shown, children }: Props) {
  const { t } = useAppointmentsT();
  if (list.isPending) return <Loader role="status" aria-label={t('list.loading', { what })} />;
  // A failed first load; a failed later page keeps what was loaded and says so below it.
  if (list.isError && !list.data) {
    return (
      <QueryError
        title={t('list.loadFailed', { what })}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <>
      {shown === 0 && !list.hasNextPage ? <Text>{empty}</Text> : children}
      {list.isError && (
        <Text c="red.8" mt="sm" role="alert">
          {t('list.moreFailed', { message: list.error.message })}
        </Text>
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
        what={what}
      />
    </>
  );
}
