import { Button, Group, Loader, Paper, Select, Text, Title } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useContacts } from '../api/list-contacts';
import { useOpenConversation } from '../api/open-conversation';
import { useMessagingT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

/** Opens the conversation with one of my doctors (a patient) or my patients (a doctor). */
export function StartConversation({ area }: { area: UserType }) {
  const { t } = useMessagingT();
  const contacts = useContacts(area);
  const opening = useOpenConversation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  // The other side's words: a patient writes to doctors, a doctor to patients.
  const words =
    area === 'patient'
      ? {
          loading: t('start.loadingDoctors'),
          loadFailed: t('start.loadFailedDoctors'),
          none: t('start.noDoctors'),
          label: t('start.doctor'),
          choose: t('start.chooseDoctor'),
          chooseFirst: t('start.chooseDoctorFirst'),
          loadMore: t('start.loadMoreDoctors'),
          intro: t('start.patientIntro'),
        }
      : {
          loading: t('start.loadingPatients'),
          loadFailed: t('start.loadFailedPatients'),
          none: t('start.noPatients'),
          label: t('start.patient'),
          choose: t('start.choosePatient'),
          chooseFirst: t('start.choosePatientFirst'),
          loadMore: t('start.loadMorePatients'),
          intro: t('start.doctorIntro'),
        };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    opening.mutate(chosen, {
      onSuccess: (conversation) => void navigate(`/${area}/messages/${conversation._id}`),
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={4}>
        {t('start.heading')}
      </Title>
      <Text c="gray.7" mb="md">
        {words.intro}
      </Text>
      {contacts.isPending && <Loader aria-label={words.loading} />}
      {contacts.isError && !contacts.isFetchNextPageError && (
        <QueryError
          title={words.loadFailed}
          error={contacts.error}
          onRetry={() => void contacts.refetch()}
        />
      )}
      {contacts.isSuccess && contacts.data.length === 0 && <Text>{words.none}</Text>}
      {contacts.isSuccess && contacts.data.length > 0 && (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <Select
              label={words.label}
              placeholder={words.choose}
              data={contacts.data.map((c) => ({ value: c._id, label: c.name }))}
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setMissing(false);
              }}
              searchable
              error={missing ? words.chooseFirst : undefined}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={opening.isPending}>
              {t('start.open')}
            </Button>
          </Group>
        </form>
      )}
      <LoadMoreButton query={contacts} label={words.loadMore} />
      <FailureAlert title={t('start.openFailed')} message={opening.error?.message} mt="md" />
    </Paper>
  );
}
