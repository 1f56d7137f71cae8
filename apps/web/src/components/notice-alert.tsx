import { Alert, Box, Container, type MantineSpacing } from '@mantine/core';
import { useCommonT } from '../i18n/common';
import type { Notice, NoticeTone } from '../lib/notice';

const COLORS: Record<NoticeTone, string> = { success: 'tend', info: 'blue', warning: 'orange' };

export type NoticeAlertProps = {
  notice: Notice;
  onDismiss: () => void;
  /**
   * Wrap it in its own labelled region with the page's width: for layouts where it sits outside
   * <main>, so that it is still inside a landmark.
   */
  asRegion?: boolean;
  mb?: MantineSpacing;
};

/** A notice as a dismissable alert; warnings are announced at once, the rest politely. */
export function NoticeAlert({ notice, onDismiss, asRegion = false, mb }: NoticeAlertProps) {
  const { t } = useCommonT();
  const alert = (
    <Alert
      color={COLORS[notice.tone]}
      variant="light"
      withCloseButton
      closeButtonLabel={t('notice.dismiss')}
      onClose={onDismiss}
      mb={mb}
      role={notice.tone === 'warning' ? 'alert' : 'status'}
    >
      {notice.message}
    </Alert>
  );
  if (!asRegion) return alert;
  return (
    <Box component="section" aria-label={t('notice.region')}>
      <Container size="lg" pt="md">
        {alert}
      </Container>
    </Box>
  );
}
