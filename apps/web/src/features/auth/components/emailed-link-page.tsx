import { Button, Loader, Stack, Text } from '@mantine/core';
import type { UserType } from '@tend/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useUserType } from '../../../lib/session';
import { useAuthT } from '../i18n';
import { AuthCard, FooterLink } from './auth-card';
import { LinkProblem } from './link-problem';

interface EmailedLinkPageProps<T> {
  heading: string;
  intro: string;
  /** Sent the token from the link's #fragment, once per visit. */
  mutation: UseMutationResult<T, Error, string>;
  /** What the page says while the link is being used. */
  working: string;
  done: (data: T) => ReactNode;
  failed: (error: Error) => ReactNode;
  /** Where the button under the outcome leads someone signed in in this tab; others sign in. */
  onwards: { label: string; to: (userType: UserType) => string };
}

/** The way on from the outcome, whichever it was: into Tend, or to sign in. */
function OnwardsButton({ label, to }: EmailedLinkPageProps<unknown>['onwards']) {
  const { t } = useAuthT();
  const userType = useUserType();
  return (
    <Button component={Link} to={userType ? to(userType) : '/sign-in'} size="md">
      {userType ? label : t('shared.signIn')}
    </Button>
  );
}

/** A page opened from an emailed link that acts at once (the token is after #), then says how it went. */
export function EmailedLinkPage<T>({
  heading,
  intro,
  mutation,
  working,
  done,
  failed,
  onwards,
}: EmailedLinkPageProps<T>) {
  const { t } = useAuthT();
  const token = useLocation().hash.replace(/^#/, '');
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    mutation.mutate(token);
  }, [token, mutation]);

  let body;
  if (!token) {
    body = (
      <LinkProblem title={t('shared.linkIncomplete')}>{t('emailedLink.incomplete')}</LinkProblem>
    );
  } else if (mutation.isSuccess || mutation.isError) {
    body = (
      <Stack gap="md">
        {mutation.isSuccess ? done(mutation.data) : failed(mutation.error)}
        <OnwardsButton {...onwards} />
      </Stack>
    );
  } else {
    body = (
      <Stack align="center" gap="sm" py="md">
        <Loader aria-label={working} />
        <Text>{t('emailedLink.working', { working })}</Text>
      </Stack>
    );
  }

  return (
    <AuthCard
      heading={heading}
      intro={intro}
      footer={
        <FooterLink lead={t('emailedLink.needHelp')} to="/" label={t('emailedLink.backToTend')} />
      }
    >
      {body}
    </AuthCard>
  );
}
