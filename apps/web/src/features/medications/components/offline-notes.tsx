import { Alert, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMedicationsT } from '../i18n';
import type { RefusedDose } from '../offline/use-dose-queue';
import { shortDate } from './dates';

/**
 * Mantine's orange titles, even its darkest shade, fall below 4.5:1 on the light orange background
 * (WCAG AA): a deep burnt orange of the same hue, 7:1.
 */
const WARNING_STYLES = { title: { color: '#9a3412' } };

/** An orange note about what the checklist shows, read out politely (a status, not an alert). */
export function WarningNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="orange" variant="light" styles={WARNING_STYLES} role="status" title={title}>
      {children}
    </Alert>
  );
}

/** Offline, or ticks still waiting: what the person sees is this device's copy, and why. */
export function OfflineNote({ online, waiting }: { online: boolean; waiting: number }) {
  const { t } = useMedicationsT();
  if (online && waiting === 0) return null;
  return (
    <WarningNote title={online ? t('offline.notSentTitle') : t('offline.offlineTitle')}>
      <Text size="sm">
        {online
          ? t('offline.notSent', { count: waiting })
          : waiting > 0
            ? t('offline.offlineWaiting', { count: waiting })
            : t('offline.offline')}
      </Text>
    </WarningNote>
  );
}

/** Ticks made offline that Tend refused when they were sent, each with the reason in words. */
export function RefusedTicks({
  refused,
  onDismiss,
}: {
  refused: RefusedDose[];
  onDismiss: () => void;
}) {
  const { t } = useMedicationsT();
  if (refused.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('shared.notSaved')}
      withCloseButton
      closeButtonLabel={t('shared.dismissMessage')}
      onClose={onDismiss}
    >
      <Text size="sm" mb="xs">
        {t('offline.refused', { count: refused.length })}
      </Text>
      <List size="sm">
        {refused.map(({ dose, message }) => (
          <List.Item key={`${dose.medicationId}:${dose.date}:${dose.tickedAt}`}>
            {t(dose.taken ? 'offline.refusedTaken' : 'offline.refusedNotTaken', {
              name: dose.name,
              date: shortDate(dose.date),
              reason: message,
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Offline before this device ever kept a copy of the checklist. */
export function NoOfflineCopy() {
  const { t } = useMedicationsT();
  return (
    <WarningNote title={t('offline.offlineTitle')}>
      <Text size="sm">{t('offline.noCopy')}</Text>
    </WarningNote>
  );
}
