import { Alert, Text } from '@mantine/core';
import { areaPath } from '../../../lib/session';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { EmailedLinkPage } from '../components/emailed-link-page';
import { LinkProblem } from '../components/link-problem';
import { useAuthT } from '../i18n';

/** Opened from the email sent to a new address: moves the account there, then says so in words. */
export function ConfirmEmailPage() {
  const { t } = useAuthT();
  return (
    <EmailedLinkPage
      heading={t('confirmChange.heading')}
      intro={t('confirmChange.intro')}
      mutation={useConfirmEmailChange()}
      working={t('confirmChange.working')}
      done={(data) => (
        <Alert
          color="tend"
          variant="light"
          title={t('confirmChange.done')}
          role="status"
          // An address is one long word: it wraps rather than run off a phone screen.
          style={{ overflowWrap: 'anywhere' }}
        >
          {data.message}
        </Alert>
      )}
      failed={(error) => (
        <>
          <LinkProblem title={t('confirmChange.failure')}>{error.message}</LinkProblem>
          <Text size="sm">{t('confirmChange.help')}</Text>
        </>
      )}
      onwards={{
        label: t('confirmChange.backToProfile'),
        to: (userType) => `${areaPath(userType)}/profile-settings`,
      }}
    />
  );
}
