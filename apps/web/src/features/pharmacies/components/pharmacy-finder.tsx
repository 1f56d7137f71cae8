import { SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PharmacySummary } from '@tend/shared';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DirectoryResults } from '../../../components/directory-results';
import { usePharmacySearch } from '../api/search-pharmacies';
import { PharmacyCard } from './pharmacy-card';

function noMatch(q: string, city: string): string {
  if (q === '' && city === '') return 'No pharmacies are registered on Tend yet.';
  const named = q === '' ? 'No pharmacy' : `No pharmacy whose name starts with “${q}”`;
  const where = city === '' ? '' : ` in “${city}”`;
  return `${named}${where} is on Tend. Check the spelling, or try the start of the name only.`;
}

type Props = {
  headingOrder: 2 | 3;
  /** A button on each pharmacy (Send here, when a patient picks one for a prescription). */
  action?: (pharmacy: PharmacySummary) => ReactNode;
};

/** The directory's search fields and answers: by the start of the name, and by the whole city. */
export function PharmacyFinder({ headingOrder, action }: Props) {
  const [q, setQ] = useState('');
  const [city, setCity] = useState('');
  const [filter] = useDebouncedValue({ q: q.trim(), city: city.trim() }, 300);
  const pharmacies = usePharmacySearch(filter);

  return (
    <>
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
      <DirectoryResults
        query={pharmacies}
        noun="Pharmacies"
        noMatch={noMatch(filter.q, filter.city)}
        renderItem={(pharmacy) => (
          <PharmacyCard
            key={pharmacy._id}
            pharmacy={pharmacy}
            headingOrder={headingOrder}
            action={action?.(pharmacy)}
          />
        )}
      />
    </>
  );
}
