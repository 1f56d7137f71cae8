import { Button, Group } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useCommonT } from '../i18n/common';
import { useUserType } from '../lib/session';
import { NotFoundPage } from './not-found-page';
import { StatusPage } from './status-page';

/**
 * The router's error element. A missing page gets the 404; anything else (a failed code
 * download after a deploy, a bug) is said plainly instead of pretending the page does not exist.
 */
export function RouteErrorPage() {
  const { t } = useCommonT();
  const error = useRouteError();
  const patient = useUserType() === 'patient';
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Offline, a page whose code this device has not kept cannot load; the checklist can.
  if (!navigator.onLine) {
    return (
      <StatusPage
        documentTitle={t('routeError.offlineDocumentTitle')}
        heading={t('routeError.offlineHeading')}
        actions={
          <Group justify="center">
            <Button size="md" onClick={() => window.location.reload()}>
              {t('routeError.reload')}
            </Button>
            {patient && (
              <Button component={Link} to="/patient/daily-medication" size="md" variant="default">
                {t('routeError.dailyMedication')}
              </Button>
            )}
          </Group>
        }
      >
        {t('routeError.offlineText')}
        {patient && t('routeError.offlineChecklist')}
      </StatusPage>
    );
  }

  return (
    <StatusPage
      documentTitle={t('routeError.documentTitle')}
      heading={t('routeError.heading')}
      actions={
        <Group justify="center">
          <Button size="md" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          <Button component={Link} to="/" size="md" variant="default" reloadDocument>
            {t('routeError.home')}
          </Button>
        </Group>
      }
    >
      {t('routeError.text')}
    </StatusPage>
  );
}
