import { useMe } from '../../../lib/me';
import { PharmacyCard } from './pharmacy-card';
import { usePharmaciesT } from '../i18n';
import { SectionPanel } from '../../../components/section-panel';

/** On the pharmacy's dashboard, under its queue: itself as patients see it in the directory. */
export function OwnPharmacyPanel() {
  const { t } = usePharmaciesT();
  const me = useMe();
  const pharmacy = me.data?.pharmacy;
  if (!pharmacy) return null;
  return (
    <SectionPanel title={t('own.heading')} intro={t('own.intro')}>
      <PharmacyCard pharmacy={pharmacy} headingOrder={3} component="div" />
    </SectionPanel>
  );
}
