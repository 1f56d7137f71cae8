import { AreaPage } from '../../../components/area-page';
import { PharmacySearch } from '../components/pharmacy-search';

/** /patient/pharmacies: the pharmacies on Tend, searched by name and city. */
export function PharmaciesPage() {
  return (
    <AreaPage
      heading="Pharmacies"
      intro="Find a pharmacy on Tend near you: where it is, its phone number and its opening hours."
    >
      <PharmacySearch />
    </AreaPage>
  );
}
