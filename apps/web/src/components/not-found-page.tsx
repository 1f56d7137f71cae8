import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  return (
    <StatusPage
      documentTitle="Page not found · Tend"
      heading="Uh-oh! We can't find that page."
      actions={
        <Button component={Link} to="/" size="md">
          Go Back Home
        </Button>
      }
    >
      The address may be mistyped, or the page may have moved.
    </StatusPage>
  );
}
