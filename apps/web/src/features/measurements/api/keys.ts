/** The cache keys of health measurements, per patient ('me' for the signed-in patient). */
export const measurementKeys = {
  all: ['measurements'] as const,
  ofPatient: (patientId: string | null) => ['measurements', patientId ?? 'me'] as const,
  summary: (patientId: string | null) => ['measurements', patientId ?? 'me', 'summary'] as const,
  series: (patientId: string | null, kind: string, range: string) =>
    ['measurements', patientId ?? 'me', 'series', kind, range] as const,
  list: (patientId: string | null, kind: string) =>
    ['measurements', patientId ?? 'me', 'list', kind] as const,
  targets: (patientId: string) => ['measurements', patientId, 'targets'] as const,
};
