import type { MeasurementContext } from './context.ts';
import { readingService } from './reading.ts';
import { recordingService } from './recording.ts';
import { seriesService } from './series.ts';

export type { MeasurementContext, MeasurementNotice } from './context.ts';
export { ImportRejected } from './recording.ts';

/**
 * Readings of a patient's body (DESIGN.md "Health measurements"). The patient and a doctor they share
 * with read and record them; only whoever recorded a reading deletes it; a doctor's targets turn a
 * reading outside them into a notice to that doctor, at most once per patient, kind and day. Every look
 * by a doctor is in the patient's access log; everyone else gets 404. Pharmacies never reach here
 * (the routes' gates refuse their role on the care side).
 */
export function createMeasurementService(ctx: MeasurementContext) {
  return {
    ...recordingService(ctx),
    ...readingService(ctx),
    ...seriesService(ctx),
  };
}

export type MeasurementService = ReturnType<typeof createMeasurementService>;
