import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { PharmacyProfile } from '@tend/shared';
import type { ChangeEvent, ReactNode } from 'react';
import { useCommonT } from '../i18n/common';

const KEYS = [
  'name',
  'licencenumber',
  'address',
  'city',
  'postcode',
  'country',
  'phone',
  'openinghours',
] as const;
type Key = (typeof KEYS)[number];

/**
 * A form holds a pharmacy's details flat, under the names the server's messages use for them
 * ("pharmacy.name"), so each message lands on its field.
 */
export type PharmacyFieldKey = `pharmacy.${Key}`;
export type PharmacyFieldValues = Record<PharmacyFieldKey, string>;

const keyOf = (key: Key): PharmacyFieldKey => `pharmacy.${key}`;

/** The form's values for these details ('' for a new pharmacy). */
export function pharmacyFieldValues(details?: PharmacyProfile | null): PharmacyFieldValues {
  return Object.fromEntries(KEYS.map((k) => [keyOf(k), details?.[k] ?? ''])) as PharmacyFieldValues;
}

/** The details as the API takes them; with `saved`, only those that differ from it. */
export function pharmacyBody(
  values: PharmacyFieldValues,
  saved?: PharmacyProfile | null,
): Partial<Record<Key, string>> {
  const entries = KEYS.map((k) => [k, values[keyOf(k)]] as const).filter(
    ([k, value]) => !saved || value.trim() !== saved[k],
  );
  return Object.fromEntries(entries);
}

/** The address lines, each with what the browser may fill it from. */
const ADDRESS_FIELDS = [
  ['address', 'street-address'],
  ['city', 'address-level2'],
  ['postcode', 'postal-code'],
  ['country', 'country-name'],
] as const satisfies readonly (readonly [Key, string])[];

type FieldProps = {
  name: string;
  value: string;
  error: ReactNode;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/**
 * A pharmacy's details (DESIGN.md "Prescriptions and pharmacies"), for sign-up and its profile.
 * `wide`: two columns where the screen allows (the profile page); the sign-up card is too narrow.
 */
export function PharmacyDetailFields({
  field,
  wide = false,
}: {
  field: (key: PharmacyFieldKey) => FieldProps;
  wide?: boolean;
}) {
  const { t } = useCommonT();
  return (
    <SimpleGrid cols={{ base: 1, md: wide ? 2 : 1 }} spacing="md">
      <TextInput
        label={t('pharmacyFields.name')}
        autoComplete="organization"
        required
        {...field('pharmacy.name')}
      />
      <TextInput
        label={t('pharmacyFields.licenceNumber')}
        description={t('pharmacyFields.licenceNumberDescription')}
        // Below the box, so the boxes of both columns line up.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required
        {...field('pharmacy.licencenumber')}
      />
      {ADDRESS_FIELDS.map(([name, autoComplete]) => (
        <TextInput
          key={name}
          label={t(`pharmacyFields.${name}`)}
          autoComplete={autoComplete}
          required
          {...field(`pharmacy.${name}`)}
        />
      ))}
      <TextInput
        label={t('pharmacyFields.phone')}
        type="tel"
        autoComplete="tel"
        required
        {...field('pharmacy.phone')}
      />
      <Textarea
        label={t('pharmacyFields.openingHours')}
        description={t('pharmacyFields.openingHoursDescription')}
        required
        style={{ gridColumn: '1 / -1' }}
        {...field('pharmacy.openinghours')}
      />
    </SimpleGrid>
  );
}
