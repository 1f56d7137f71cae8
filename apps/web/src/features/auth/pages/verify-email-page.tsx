import { Alert, Text } from '@mantine/core';
import { areaPath } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { EmailedLinkPage } from '../components/emailed-link-page';
import { LinkProblem } from '../components/link-problem';
import { useAuthT } from '../i18n';

/** Opened from the confirmation email: confirms at once, then says so in words. */
export function VerifyEmailPage() {
  const { t } = useAuthT();
  return (
    <EmailedLinkPage
      heading={t('verify.heading')}
      intro={t('verify.intro')}
      mutation={useVerifyEmail()}
      working={t('verify.working')}
      done={(data) => (
        <Alert color="tend" variant="light" title={t('verify.thanks')} role="status">
          {t('verify.done', { email: data.email })}
        </Alert>
      )}
      failed={(error) => (
        <>
          <LinkProblem title={t('verify.failure')}>{error.message}</LinkProblem>
          <Text size="sm">{t('verify.help')}</Text>
        </>
      )}
      onwards={{ label: t('verify.goToTend'), to: areaPath }}
    />
  );
}
