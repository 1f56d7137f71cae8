import { Button, Text } from '@mantine/core';
import type { CareLink } from '@tend/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { LoadMoreButton } from '../../../components/load-more-button';
import { dateTimeFormat } from '../../../i18n/format';
import { useMe } from '../../../lib/me';
import { useEndCareLink } from '../api/end-care-link';
import { useCareLinks } from '../api/list-care-links';
import { useCareT } from '../i18n';
import { DoctorCard, doctorName } from './doctor-card';
import { LiveStatus } from '../../../components/live-status';
import { QueryProgress } from '../../../components/query-progress';
import { SectionPanel } from '../../../components/section-panel';
import { PlainList } from '../../../components/plain-list';

/** The doctors who can see this patient's medications now, each with a way to stop. */
export function SharingList() {
  const { t } = useCareT();
  const links = useCareLinks();
  const timeZone = useMe().data?.timezone ?? 'UTC';
  const ending = useEndCareLink();
  const statusRef = useRef<HTMLDivElement>(null);
  const { target, status, ask, dialog } = useConfirmedAction<CareLink>(ending, statusRef, (link) =>
    t('sharing.stopped', { name: doctorName(link.doctor, t) }),
  );
  // The day sharing started, in the person's time zone: 07/04/2026 in English.
  const day = dateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone });

  return (
    <SectionPanel title={t('sharing.title')} intro={t('sharing.intro')}>
      <LiveStatus status={status} ref={statusRef} mb="md" />
      <QueryProgress query={links} loading={t('sharing.loading')} failed={t('sharing.loadError')} />
      {links.isSuccess && links.data.length === 0 && <Text>{t('sharing.none')}</Text>}
      {links.isSuccess && links.data.length > 0 && (
        <PlainList gap="sm">
          {links.data.map((link) => (
            <DoctorCard
              key={link._id}
              doctor={link.doctor}
              headingOrder={3}
              extra={
                <Text size="sm">
                  {t('sharing.since', { date: day.format(new Date(link.createdAt)) })}
                </Text>
              }
              action={
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconLinkOff size={18} aria-hidden />}
                  aria-label={t('sharing.stopLabel', { name: doctorName(link.doctor, t) })}
                  onClick={() => ask(link)}
                >
                  {t('sharing.stop')}
                </Button>
              }
            />
          ))}
        </PlainList>
      )}
      <LoadMoreButton query={links} label={t('sharing.loadMore')} />
      <ConfirmDialog
        {...dialog}
        title={t('sharing.confirmTitle')}
        confirmLabel={t('sharing.stop')}
        cancelLabel={t('sharing.keep')}
      >
        {target
          ? t('sharing.confirmText', { name: doctorName(target.doctor, t) })
          : t('sharing.confirmTextNoName')}
      </ConfirmDialog>
    </SectionPanel>
  );
}
