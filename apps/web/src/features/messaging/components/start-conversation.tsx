import { Alert, Button, Group, Loader, Paper, Select, Text, Title } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useContacts } from '../api/list-contacts';
import { useOpenConversation } from '../api/open-conversation';

/** Opens the conversation with one of my doctors (a patient) or my patients (a doctor). */
export function StartConversation({ area }: { area: UserType }) {
  const contacts = useContacts(area);
  const opening = useOpenConversation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const who = area === 'patient' ? 'doctor' : 'patient';

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
        New conversation
      </Title>
      <Text c="gray.7" mb="md">
        {area === 'patient'
          ? 'Write to a doctor you share your medications with.'
          : 'Write to a patient who shares with you.'}
      </Text>
      {contacts.isPending && <Loader aria-label={`Loading your ${who}s`} />}
      {contacts.isError && !contacts.isFetchNextPageError && (
        <QueryError
          title={`We could not load your ${who}s`}
          error={contacts.error}
          onRetry={() => void contacts.refetch()}
        />
      )}
      {contacts.isSuccess && contacts.data.length === 0 && (
        <Text>
          {area === 'patient'
            ? 'You can write to a doctor once you share with them (My Doctors) or book a visit.'
            : 'You can write to a patient once they share with you or you accept their visit.'}
        </Text>
      )}
      {contacts.isSuccess && contacts.data.length > 0 && (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <Select
              label={area === 'patient' ? 'Doctor' : 'Patient'}
              placeholder={`Choose a ${who}`}
              data={contacts.data.map((c) => ({ value: c._id, label: c.name }))}
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setMissing(false);
              }}
              searchable
              error={missing ? `Choose a ${who} first.` : undefined}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={opening.isPending}>
              Open conversation
            </Button>
          </Group>
        </form>
      )}
      <LoadMoreButton query={contacts} label={`Load more ${who}s`} />
      {opening.isError && (
        <Alert color="red" variant="light" mt="md" title="The conversation could not be opened">
          {opening.error.message}
        </Alert>
      )}
    </Paper>
  );
}
