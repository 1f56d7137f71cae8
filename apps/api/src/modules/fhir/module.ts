import { defineModule } from '../module.ts';
import { fhirRoutes } from './routes.ts';
import { createFhirService } from './service.ts';

/** The whole record as a FHIR R4 Bundle: the patient's own, or a linked doctor's patient's. */
export const fhirModule = defineModule({
  name: 'fhir',
  needs: ['isLinked'],
  create: ({ db, clock, config }, needs) =>
    createFhirService({ db, clock, isLinked: needs.isLinked, publicUrl: config.publicUrl }),
  routes: (fhir) => ({ care: [fhirRoutes(fhir)] }),
});
