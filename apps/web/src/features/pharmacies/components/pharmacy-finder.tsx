import { SimpleGrid } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PharmacySummary } from '@tend/shared';
import { IconMapPin } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DirectoryResults } from '../../../components/directory-results';
import { usePharmacySearch } from '../api/search-pharmacies';
import { PharmacyCard } from './pharmacy-card';
import type { TFunction } from 'i18next';
import { usePharmaciesT } from '../i18n';
import { SearchField } from '../../../components/search-field';

function noMatch(q: string, city: string, t: TFunction<'pharmacies'>): string {
  if (q === '' && city === '') return t('finder.noneYet');
  const named = q === '' ? t('finder.noPharmacy') : t('finder.noPharmacyNamed', { q });
  const where = city === '' ? '' : t('finder.inCity', { city });
  return t('finder.noMatch', { named, where });
}

type Props = {
  headingOrder: 2 | 3;
  /** A button on each pharmacy (Send here, when a patient picks one for a prescription). */
  action?: (pharmacy: PharmacySummary) => ReactNode;
};

/** The directory's search fields and answers: by the start of the name, and by the whole city. */
export function PharmacyFinder({ headingOrder, action }: Props) {
  const { t } = usePharmaciesT();
  const [q, setQ] = useState('');
  const [city, setCity] = useState('');
  const [filter] = useDebouncedValue({ q: q.trim(), city: city.trim() }, 300);
  const pharmacies = usePharmacySearch(filter);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="md" maw={720}>
        <SearchField
          label={t('finder.name')}
          description={t('finder.nameHelp')}
          value={q}
          onChange={setQ}
        />
        <SearchField
          label={t('finder.city')}
          description={t('finder.cityHelp')}
          icon={IconMapPin}
          value={city}
          onChange={setCity}
        />
      </SimpleGrid>
      <DirectoryResults
        query={pharmacies}
        noun={t('finder.noun')}
        noMatch={noMatch(filter.q, filter.city, t)}
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
