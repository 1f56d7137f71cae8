import { Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { usePharmacySearch } from '../api/search-pharmacies';
import { PharmacyCard } from './pharmacy-card';

function noMatch(q: string, city: string): string {
  if (q === '' && city === '') return 'No pharmacies are registered on Tend yet.';
  const named = q === '' ? 'No pharmacy' : `No pharmacy whose name starts with “${q}”`;
  const where = city === '' ? '' : ` in “${city}”`;
  return `${named}${where} is on Tend. Check the spelling, or try the start of the name only.`;
}

/** The directory of pharmacies registered on Tend, by name and city. */
export function PharmacySearch() {
  const [q, setQ] = useState('');
  const [city, setCity] = useState('');
  const [filter] = useDebouncedValue({ q: q.trim(), city: city.trim() }, 300);
  const pharmacies = usePharmacySearch(filter);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={4}>
        Find a pharmacy
      </Title>
      <Text c="dimmed" mb="md">
        Pharmacies registered on Tend, with where they are and when they are open.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="md" maw={720}>
        <TextInput
          type="search"
          label="Pharmacy name"
          description="The start of its name"
          leftSection={<IconSearch size={18} aria-hidden />}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
        <TextInput
          type="search"
          label="City"
          description="The whole city name"
          leftSection={<IconMapPin size={18} aria-hidden />}
          value={city}
          onChange={(event) => setCity(event.currentTarget.value)}
        />
      </SimpleGrid>
      {pharmacies.isPending && <Loader aria-label="Loading pharmacies" />}
      {pharmacies.isError && (
        <QueryError
          title="We could not load the pharmacies"
          error={pharmacies.error}
          onRetry={() => void pharmacies.refetch()}
        />
      )}
      {pharmacies.isSuccess && pharmacies.data.length === 0 && (
        <Text>{noMatch(filter.q, filter.city)}</Text>
      )}
      {pharmacies.isSuccess && pharmacies.data.length > 0 && (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Pharmacies"
          aria-busy={pharmacies.isPlaceholderData}
        >
          {pharmacies.data.map((pharmacy) => (
            <PharmacyCard key={pharmacy._id} pharmacy={pharmacy} headingOrder={3} />
          ))}
        </Stack>
      )}
      <LoadMoreButton query={pharmacies} label="Load more pharmacies" />
    </Paper>
  );
}
