import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useCommonT } from '../i18n/common';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useCommonT();
  return (
    <StatusPage
      documentTitle={t('notFound.documentTitle')}
      heading={t('notFound.heading')}
      actions={
        <Button component={Link} to="/" size="md">
          {t('notFound.home')}
        </Button>
      }
    >
      {t('notFound.text')}
    </StatusPage>
  );
}
