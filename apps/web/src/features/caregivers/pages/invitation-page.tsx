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
import { useCaringFor } from '../api/list-caregivers';
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

/** Who invites, for what, and the answer the person can give. */
function InvitationShown({ invitation, token }: { invitation: Caregiving; token: string }) {
  const { t } = useCaregiversT();
  const userType = useUserType();
  const name = patientName(invitation);
  return (
    <Stack gap="md">
      <Text>{t('accept.asks', { name })}</Text>
      <div>
        <Text fw={600}>{t('accept.areasIntro')}</Text>
        <List>
          {invitation.areas.map((area) => (
            <List.Item key={area}>{t(`accept.may.${area}`)}</List.Item>
          ))}
        </List>
      </div>
      {userType === 'patient' && <Answer invitation={invitation} token={token} />}
      {userType === null && <SignInFirst />}
      {userType !== null && userType !== 'patient' && (
        <Alert color="gray" variant="light">
          {t('accept.notPatient')}
        </Alert>
      )}
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
  // Kept before anything else, so signing in or up on the way loses nothing.
  useState(() => {
    if (id && token) stashInvitation({ id, token });
    return true;
  });
  // The link's secret shows it to anyone; an invitation to the signed-in patient's own address
  // (opened from its notification, which carries no secret) is found among theirs.
  const look = useInvitationByLink(id, token);
  const mine = useCaringFor({ enabled: token === '' && userType === 'patient' });
  const found = mine.data?.find(
    (caregiving) => caregiving._id === id && caregiving.status === 'invited',
  );
  const query = token ? look : mine;
  // Kept once seen: answering it refreshes the lists, where it is then no longer open.
  const [invitation, setInvitation] = useState<Caregiving | undefined>(undefined);
  const current = token ? look.data : found;
  if (current && current !== invitation) setInvitation(current);

  let body;
  if (invitation) {
    body = <InvitationShown invitation={invitation} token={token} />;
  } else if (!id || (!token && userType !== 'patient')) {
    body = (
      <Alert color="red" variant="light">
        {t('accept.missing')}
      </Alert>
    );
  } else if (query.isPending) {
    body = <Loader aria-label={t('accept.loading')} />;
  } else if (query.isError) {
    body = <FailureAlert title={t('accept.failed')} message={query.error.message} />;
  } else if (!invitation) {
    body = (
      <Alert color="gray" variant="light">
        {t('accept.gone')}
      </Alert>
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
