import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FHIR_CONTENT_TYPE,
  FHIR_EXPORT_MAX_ATTACHMENT_BYTES,
  fhirExportQuerySchema,
  fhirRecordFileName,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import { noSuchPatient } from '../../lib/patient-asked.ts';
import type { FhirService } from './service.ts';
import { caller, gate, inQuery } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('fhir');
const MIB = 1024 * 1024;

export function fhirRoutes(fhir: FhirService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/fhir',
      route.signedIn(
        gate.roles('patient', 'doctor').forPatient(inQuery('patientId'), noSuchPatient),
        `The whole record as a FHIR R4 Bundle (collection, ${FHIR_CONTENT_TYPE}): Patient, MedicationStatement (with dose adherence), MedicationRequest, Observation (LOINC, UCUM), Appointment, DocumentReference (report files as base64 up to ${FHIR_EXPORT_MAX_ATTACHMENT_BYTES / MIB} MB in all, newest first; the others by address). A patient's own, or (patientId) a patient who shares with the doctor; a doctor's download is in the patient's access log`,
        {
          querystring: fhirExportQuerySchema,
          response: {
            200: z.any().describe(`${FHIR_CONTENT_TYPE}: a FHIR R4 Bundle`),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      ),
      async (request, reply) => {
        const { json, today } = await fhir.exportRecord(
          caller(request),
          request.query.patientId,
          request.ip,
        );
        return reply
          .type(`${FHIR_CONTENT_TYPE}; charset=utf-8`)
          .header('Content-Disposition', `attachment; filename="${fhirRecordFileName(today)}"`)
          .header('Cache-Control', 'private, no-store')
          .send(Readable.from(json));
      },
    );
  };
}
