import { Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AppointmentType } from '@tend/shared';
import { useId, useState } from 'react';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { useDirectory, type DirectoryDoctor } from '../api/search-directory';
import { BookingDialog } from '../components/booking-dialog';
import { DirectoryCard, directoryName } from '../components/directory-card';
import { LoadMore } from '../components/load-more';
import { useViewerTimeZone } from '../components/use-viewer-time-zone';
import { useAppointmentsT } from '../i18n';
import { LiveStatus } from '../../../components/live-status';
import { PlainList } from '../../../components/plain-list';
import { SearchField } from '../../../components/search-field';

/** /patient/book-an-appointment: the directory of doctors, and booking a free time with one. */
export function BookAppointmentPage() {
  const { t } = useAppointmentsT();
  const [name, setName] = useState('');
  const [specialty, setSpecialty] = useState('');
  const [q] = useDebouncedValue(name.trim(), 300);
  const [field] = useDebouncedValue(specialty.trim(), 300);
  const doctors = useDirectory(q, field);
  const timeZone = useViewerTimeZone();
  const [booking, setBooking] = useState<{ doctor: DirectoryDoctor; type: AppointmentType } | null>(
    null,
  );
  const [status, setStatus] = useState<string | null>(null);
  const statusId = useId();
  const list = doctors.data ?? [];

  return (
    <AreaPage heading={t('bookPage.heading')} intro={t('bookPage.intro')}>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
            <SearchField
              label={t('bookPage.name')}
              description={t('bookPage.nameHelp')}
              value={name}
              onChange={setName}
            />
            <SearchField
              label={t('bookPage.specialty')}
              description={t('bookPage.specialtyHelp')}
              icon={null}
              value={specialty}
              onChange={setSpecialty}
            />
          </SimpleGrid>
        </Paper>
        <LiveStatus status={status} id={statusId} />
        {doctors.isPending && <Loader role="status" aria-label={t('bookPage.loading')} />}
        {doctors.isError && !doctors.data && (
          <QueryError
            title={t('bookPage.loadFailed')}
            error={doctors.error}
            onRetry={() => void doctors.refetch()}
          />
        )}
        {doctors.isSuccess && list.length === 0 && (
          <Text>{q === '' && field === '' ? t('bookPage.noneYet') : t('bookPage.noMatch')}</Text>
        )}
        {list.length > 0 && (
          <div>
            <PlainList
              gap="md"
              aria-label={t('bookPage.list')}
              aria-busy={doctors.isPlaceholderData}
            >
              {list.map((doctor) => (
                <DirectoryCard
                  key={doctor._id}
                  doctor={doctor}
                  onBook={(type) => {
                    setStatus(null);
                    setBooking({ doctor, type });
                  }}
                />
              ))}
            </PlainList>
            {doctors.isError && (
              <Text c="red.8" mt="sm" role="alert">
                {t('bookPage.moreFailed', { message: doctors.error.message })}
              </Text>
            )}
            <LoadMore
              hasMore={doctors.hasNextPage}
              loading={doctors.isFetchingNextPage}
              onLoad={() => void doctors.fetchNextPage()}
              what={t('list.doctors')}
            />
          </div>
        )}
      </Stack>
      {booking && (
        <BookingDialog
          key={`${booking.doctor._id}-${booking.type}`}
          doctor={booking.doctor}
          doctorName={directoryName(booking.doctor)}
          type={booking.type}
          timeZone={timeZone}
          onClose={() => setBooking(null)}
          onDone={(message) => {
            setBooking(null);
            setStatus(message);
            requestAnimationFrame(() => document.getElementById(statusId)?.focus());
          }}
        />
      )}
    </AreaPage>
  );
}
