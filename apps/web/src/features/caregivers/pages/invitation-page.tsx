import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Caregiving } from '@tend/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCommonT } from '../../../i18n/common';
import { FailureAlert } from '../../../components/failure-alert';
import { signInPathFor } from '../../../lib/next-path';
import { useUserType } from '../../../lib/session';
import { useAcceptInvitation, useDeclineInvitation } from '../api/caregiver-changes';
import { useInvitationByLink } from '../api/look-invitation';
import { careFor } from '../components/caring-for-switcher';
import {
  forgetStashedInvitation,
  stashInvitation,
  stashedInvitation,
} from '../components/invitation-stash';
import { patientName } from '../components/person-words';
import { useCaregiversT } from '../i18n';

/** The invitation's id (`?invitation=`) and secret (after `#`, never sent to a server's log). */
function useLinkedInvitation() {
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const id = search.get('invitation') ?? '';
  const fromHash = decodeURIComponent(hash.replace(/^#/, ''));
  const stashed = stashedInvitation();
  const token = fromHash || (stashed?.id === id ? stashed.token : '');
  return { id, token };
}

/** Accept or Decline, for a signed-in patient; then where to go. */
function Answer({ invitation, token }: { invitation: Caregiving; token: string }) {
  const { t } = useCaregiversT();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const name = patientName(invitation);
  const answer = { id: invitation._id, token };

  if (accept.isSuccess) {
    return (
      <Stack gap="sm" role="status">
        <Text fw={600}>{t('accept.accepted', { name })}</Text>
        <Group>
          <Button onClick={() => void navigate(careFor(accept.data))}>
            {t('accept.openPages')}
          </Button>
          <Button component={Link} to="/patient/caregivers" variant="default">
            {t('accept.toMyPages')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (decline.isSuccess) {
    return (
      <Stack gap="sm" role="status">
        <Text fw={600}>{t('accept.declined')}</Text>
        <Button component={Link} to="/patient" variant="default" w="fit-content">
          {t('accept.toMyPages')}
        </Button>
      </Stack>
    );
  }
  const failed = accept.error ?? decline.error;
  return (
    <Stack gap="sm">
      <FailureAlert title={t('caring.notDone')} message={failed?.message} />
      <Group>
        <Button
          loading={accept.isPending}
          disabled={decline.isPending}
          onClick={() => accept.mutate(answer, { onSuccess: forgetStashedInvitation })}
        >
          {t('caring.accept')}
        </Button>
        <Button
          variant="default"
          loading={decline.isPending}
          disabled={accept.isPending}
          onClick={() => decline.mutate(answer, { onSuccess: forgetStashedInvitation })}
        >
          {t('caring.decline')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Signed out: sign in, or sign up as a patient; the invitation is kept for the tab meanwhile. */
function SignInFirst() {
  const { t } = useCaregiversT();
  return (
    <Stack gap="sm">
      <Text>{t('accept.signedOutIntro')}</Text>
      <Group>
        <Button component={Link} to={signInPathFor('/patient/caregivers')}>
          {t('accept.signIn')}
        </Button>
        <Button component={Link} to="/sign-up" variant="default">
          {t('accept.signUp')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /caregiving/accept?invitation=<id>#<token>, opened from the emailed link or the notification:
 * who invites, which areas; a signed-in patient answers here, anyone else signs in or up first.
 */
export function CaregivingInvitationPage() {
  const { t } = useCaregiversT();
  const { t: common } = useCommonT();
  const userType = useUserType();
  const { id, token } = useLinkedInvitation();
  const look = useInvitationByLink(id, token);
  // Kept before anything else, so signing in or up on the way loses nothing.
  const [kept] = useState(() => {
    if (id && token) stashInvitation({ id, token });
    return true;
  });

  let body;
  if (!id || !token) {
    body = (
      <Alert color="red" variant="light">
        {t('accept.missing')}
      </Alert>
    );
  } else if (look.isPending) {
    body = <Loader aria-label={t('accept.loading')} />;
  } else if (look.isError) {
    body = <FailureAlert title={t('accept.failed')} message={look.error.message} />;
  } else {
    const invitation = look.data;
    const name = patientName(invitation);
    body = (
      <Stack gap="md">
        <Text>{t('accept.asks', { name })}</Text>
        <div>
          <Text fw={600}>{t('accept.areasIntro')}</Text>
          <List>
            {invitation.areas.map((area) => (
              <List.Item key={area}>{t(`areas.${area}Hint`)}</List.Item>
            ))}
          </List>
        </div>
        {userType === 'patient' && kept && <Answer invitation={invitation} token={token} />}
        {userType === null && <SignInFirst />}
        {userType !== null && userType !== 'patient' && (
          <Alert color="gray" variant="light">
            {t('accept.notPatient')}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Box component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }} py={48}>
      <title>{common('pageTitle', { title: t('accept.heading') })}</title>
      <Container size={560} px="md">
        <Title order={1} fz={{ base: 28, sm: 32 }} mb="lg" ta="center">
          {t('accept.heading')}
        </Title>
        <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {body}
        </Paper>
      </Container>
    </Box>
  );
}
