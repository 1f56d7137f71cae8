import { Button, Group } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useUserType } from '../lib/session';
import { NotFoundPage } from './not-found-page';
import { StatusPage } from './status-page';

/**
 * The router's error element. A missing page gets the 404; anything else (a failed code
 * download after a deploy, a bug) is said plainly instead of pretending the page does not exist.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const patient = useUserType() === 'patient';
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Offline, a page whose code this device has not kept cannot load; the checklist can.
  if (!navigator.onLine) {
    return (
      <StatusPage
        documentTitle="You are offline · Tend"
        heading="You are offline."
        actions={
          <Group justify="center">
            <Button size="md" onClick={() => window.location.reload()}>
              Reload the page
            </Button>
            {patient && (
              <Button component={Link} to="/patient/daily-medication" size="md" variant="default">
                Daily Medication
              </Button>
            )}
          </Group>
        }
      >
        This page needs a connection to Tend and will open again once you are back online.
        {patient && ' Today’s checklist (Daily Medication) works offline.'}
      </StatusPage>
    );
  }

  return (
    <StatusPage
      documentTitle="Something went wrong · Tend"
      heading="Something went wrong."
      actions={
        <Group justify="center">
          <Button size="md" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button component={Link} to="/" size="md" variant="default" reloadDocument>
            Go Back Home
          </Button>
        </Group>
      }
    >
      Tend could not show this page. Reloading usually fixes it; if it keeps happening, please try
      again later.
    </StatusPage>
  );
}
