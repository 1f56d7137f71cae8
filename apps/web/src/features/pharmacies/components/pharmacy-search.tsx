import { PharmacyFinder } from './pharmacy-finder';
import { usePharmaciesT } from '../i18n';
import { SectionPanel } from '../../../components/section-panel';

/** The directory of pharmacies registered on Tend, by name and city. */
export function PharmacySearch() {
  const { t } = usePharmaciesT();
  return (
    <SectionPanel title={t('search.heading')} intro={t('search.intro')}>
      <PharmacyFinder headingOrder={3} />
    </SectionPanel>
  );
}
