import { Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { adherenceRate } from '@tend/shared';
import { QueryError } from '../../../components/query-error';
import { adherenceInWords, dosesInWords } from '../../../lib/adherence-words';
import { useMyAdherence } from '../api/my-adherence';

const WEEK = 7;

/** For the patient's dashboard: doses taken over the last 7 days, in total and per medication. */
export function WeekAdherencePanel() {
  const adherence = useMyAdherence(WEEK);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb="md">
        This week
      </Title>
      {adherence.isPending && <Loader aria-label="Loading this week’s doses" />}
      {adherence.isError && (
        <QueryError
          title="We could not load this week’s doses"
          error={adherence.error}
          onRetry={() => void adherence.refetch()}
        />
      )}
      {adherence.isSuccess &&
        (adherence.data.total.due === 0 ? (
          <Text>No doses were due in the last 7 days.</Text>
        ) : (
          <Stack gap="md">
            <Text fw={700} fz="lg">
              {`You took ${dosesInWords(adherence.data.total)} this week`}
            </Text>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {adherence.data.medications
                .filter((medication) => medication.adherence.due > 0)
                .map((medication) => (
                  <li key={medication._id}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Text span fw={600} inherit>
                        {medication.name}
                      </Text>
                      {`: ${adherenceInWords(medication.adherence)}`}
                    </Text>
                    <Progress
                      value={(adherenceRate(medication.adherence) ?? 0) * 100}
                      size="sm"
                      mt={4}
                      aria-hidden
                    />
                  </li>
                ))}
            </Stack>
          </Stack>
        ))}
    </Paper>
  );
}
