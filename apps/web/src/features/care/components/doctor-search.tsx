import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DoctorSummary } from '@tend/shared';
import { IconCheck, IconShare } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { DirectoryResults } from '../../../components/directory-results';
import { useCareLinks } from '../api/list-care-links';
import { useDoctorSearch } from '../api/search-doctors';
import { useShareWithDoctor } from '../api/share-with-doctor';
import { useCareT } from '../i18n';
import { DoctorCard, doctorName } from './doctor-card';
import { LiveStatus } from '../../../components/live-status';
import { FailureAlert } from '../../../components/failure-alert';
import { SectionPanel } from '../../../components/section-panel';
import { SearchField } from '../../../components/search-field';

/** The directory of registered doctors, with "Share my medications" on each. */
export function DoctorSearch() {
  const { t } = useCareT();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const doctors = useDoctorSearch(debounced);
  const links = useCareLinks();
  const share = useShareWithDoctor();
  const [status, setStatus] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const sharedWith = new Set(links.data?.map((link) => link.doctor._id));

  const shareWith = (doctor: DoctorSummary) => {
    setStatus(null);
    share.mutate(doctor._id, {
      onSuccess: () => {
        setStatus(t('search.shared', { name: doctorName(doctor, t) }));
        // The button pressed turns into a disabled "Sharing"; focus moves on to what happened.
        requestAnimationFrame(() => statusRef.current?.focus());
      },
    });
  };

  const action = (doctor: DoctorSummary) => {
    const name = doctorName(doctor, t);
    if (sharedWith.has(doctor._id)) {
      return (
        <Button
          variant="light"
          disabled
          leftSection={<IconCheck size={18} aria-hidden />}
          aria-label={t('search.sharingLabel', { name })}
        >
          {t('search.sharing')}
        </Button>
      );
    }
    return (
      <Button
        leftSection={<IconShare size={18} aria-hidden />}
        aria-label={t('search.shareLabel', { name })}
        loading={share.isPending && share.variables === doctor._id}
        disabled={share.isPending || links.isPending}
        onClick={() => shareWith(doctor)}
      >
        {t('search.share')}
      </Button>
    );
  };

  return (
    <SectionPanel title={t('search.title')} intro={t('search.intro')}>
      <SearchField
        label={t('search.label')}
        description={t('search.description')}
        value={query}
        onChange={setQuery}
        maw={480}
        mb="md"
      />
      <LiveStatus status={status} ref={statusRef} mb="md" />
      <FailureAlert title={t('search.notShared')} message={share.error?.message} mb="md" />
      <DirectoryResults
        query={doctors}
        noun={t('search.noun')}
        noMatch={
          debounced === '' ? t('search.noDoctors') : t('search.noMatch', { query: debounced })
        }
        renderItem={(doctor) => (
          <DoctorCard key={doctor._id} doctor={doctor} headingOrder={3} action={action(doctor)} />
        )}
      />
    </SectionPanel>
  );
}
