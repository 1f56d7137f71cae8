import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsDate, localDate, type CareLink } from '@tend/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useMe } from '../../../lib/me';
import { useEndCareLink } from '../api/end-care-link';
import { useCareLinks } from '../api/list-care-links';
import { DoctorCard, doctorName } from './doctor-card';

/** The doctors who can see this patient's medications now, each with a way to stop. */
export function SharingList() {
  const links = useCareLinks();
  const timeZone = useMe().data?.timezone ?? 'UTC';
  const ending = useEndCareLink();
  const statusRef = useRef<HTMLDivElement>(null);
  const { target, status, ask, dialog } = useConfirmedAction<CareLink>(
    ending,
    statusRef,
    (link) => `You no longer share your medications with ${doctorName(link.doctor)}.`,
  );
  const name = target ? doctorName(target.doctor) : 'this doctor';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={4}>
        Who can see your medications
      </Title>
      <Text c="dimmed" mb="md">
        These doctors see your medications and which doses you took, until you stop sharing.
      </Text>
      <div role="status" ref={statusRef} tabIndex={-1} style={{ outline: 'none' }}>
        {status && (
          <Text fw={600} c="tend.9" mb="md">
            {status}
          </Text>
        )}
      </div>
      {links.isPending && <Loader aria-label="Loading who you share with" />}
      {links.isError && (
        <QueryError
          title="We could not load who you share with"
          error={links.error}
          onRetry={() => void links.refetch()}
        />
      )}
      {links.isSuccess && links.data.length === 0 && (
        <Text>You do not share your medications with any doctor yet. Find your doctor below.</Text>
      )}
      {links.isSuccess && links.data.length > 0 && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {links.data.map((link) => (
            <DoctorCard
              key={link._id}
              doctor={link.doctor}
              headingOrder={3}
              extra={
                <Text size="sm">{`Sharing since ${formatUsDate(localDate(new Date(link.createdAt), timeZone))}`}</Text>
              }
              action={
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconLinkOff size={18} aria-hidden />}
                  aria-label={`Stop sharing with ${doctorName(link.doctor)}`}
                  onClick={() => ask(link)}
                >
                  Stop sharing
                </Button>
              }
            />
          ))}
        </Stack>
      )}
      <LoadMoreButton query={links} label="Load more doctors" />
      <ConfirmDialog
        {...dialog}
        title="Stop sharing?"
        confirmLabel="Stop sharing"
        cancelLabel="Keep sharing"
      >
        {`${name} will no longer see your medications and doses. You can share with them again at any time.`}
      </ConfirmDialog>
    </Paper>
  );
}
