import { AreaPage } from '../../../components/area-page';
import { PharmacySearch } from '../components/pharmacy-search';
import { usePharmaciesT } from '../i18n';

/** /patient/pharmacies: the pharmacies on Tend, searched by name and city. */
export function PharmaciesPage() {
  const { t } = usePharmaciesT();
  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <PharmacySearch />
    </AreaPage>
  );
}
