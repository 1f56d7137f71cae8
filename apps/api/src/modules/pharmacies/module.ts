import { defineModule } from '../module.ts';
import { pharmacyRoutes } from './routes.ts';
import { createPharmacyService, type PharmacyService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** Whether a prescription may be sent to this id: a pharmacy the directory lists. */
    isListedPharmacy: PharmacyService['isListed'];
    /** A new pharmacy's details, written in its registration's transaction. */
    savePharmacyDetails: PharmacyService['saveDetails'];
    /** A pharmacy's changes to its details, written in its profile update's transaction. */
    changePharmacyDetails: PharmacyService['changeDetails'];
    /** The pharmacy's own view of its details, licence number included. */
    pharmacyProfileOf: PharmacyService['profileOf'];
  }
}

/** The third role's directory and details: the pharmacies patients send prescriptions to. */
export const pharmaciesModule = defineModule({
  name: 'pharmacies',
  needs: [],
  create: ({ db }) => createPharmacyService(db),
  provides: (pharmacies) => ({
    isListedPharmacy: pharmacies.isListed,
    savePharmacyDetails: pharmacies.saveDetails,
    changePharmacyDetails: pharmacies.changeDetails,
    pharmacyProfileOf: pharmacies.profileOf,
  }),
  routes: (pharmacies) => ({ signedIn: [pharmacyRoutes(pharmacies)] }),
});
