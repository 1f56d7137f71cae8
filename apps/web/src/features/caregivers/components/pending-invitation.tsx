import { Alert, Anchor } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCaregiversT } from '../i18n';
import { invitationPath, stashedInvitation } from './invitation-stash';

/**
 * After signing in or up from an invitation's page, the patient area offers it again, so the
 * invitation is not lost on the way.
 */
export function PendingInvitation() {
  const { t } = useCaregiversT();
  const [pending] = useState(stashedInvitation);
  if (!pending) return null;
  return (
    <Alert color="tend" variant="light" title={t('accept.pending')} mb="lg">
      <Anchor component={Link} to={invitationPath(pending)} fw={600} c="tend.9">
        {t('accept.review')}
      </Anchor>
    </Alert>
  );
}
