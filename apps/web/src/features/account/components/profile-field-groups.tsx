import { NativeSelect, NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { BLOOD_GROUPS, currencyDecimals } from '@tend/shared';
import type { ReactNode } from 'react';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { useAccountT } from '../i18n';
import type { ProfileFormValues } from './profile-form-values';
import { EmailField } from '../../../components/email-field';
import { DateField } from '../../../components/date-time-fields';
import { decimalSeparator } from '../../../i18n/format';

type FieldGroupProps = { form: SchemaForm<ProfileFormValues> };

/** SPEC §3: First Name, Last Name, Date Of Birth, Blood Group (the last two: `health`). */
export function PersonalFields({ form, health = true }: FieldGroupProps & { health?: boolean }) {
  const { t } = useAccountT();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput
        label={t('fields.firstName')}
        autoComplete="given-name"
        required
        {...form.field('firstname')}
      />
      <TextInput
        label={t('fields.lastName')}
        autoComplete="family-name"
        required
        {...form.field('lastname')}
      />
      {health && (
        <>
          <DateField
            label={t('fields.dateOfBirth')}
            min="1900-01-01"
            max={today}
            autoComplete="bday"
            {...form.valueField('dateofbirth')}
          />
          <NativeSelect
            label={t('fields.bloodGroup')}
            name="bloodgroup"
            data={[
              { value: '', label: t('fields.bloodGroupNotSet') },
              ...BLOOD_GROUPS.map((group) => ({ value: group, label: group })),
            ]}
            value={form.values.bloodgroup}
            error={form.errors.bloodgroup}
            onChange={(event) =>
              form.set('bloodgroup', event.currentTarget.value as ProfileFormValues['bloodgroup'])
            }
          />
        </>
      )}
    </SimpleGrid>
  );
}

/** The address lines: each field, its words (`fields.<label>`) and what the browser may fill it from. */
const ADDRESS_FIELDS = [
  ['address', 'address', 'street-address'],
  ['city', 'city', 'address-level2'],
  ['state', 'state', 'address-level1'],
  ['postcode', 'postCode', 'postal-code'],
  ['country', 'country', 'country-name'],
] as const;

/**
 * SPEC §3: Email Id, Number, Address, City, State, Post Code, Country. `afterEmail` sits right beside
 * the email (the current password, while the email is being changed).
 */
export function ContactFields({
  form,
  afterEmail,
  address = true,
}: FieldGroupProps & { afterEmail?: ReactNode; address?: boolean }) {
  const { t } = useAccountT();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <EmailField label={t('fields.email')} {...form.field('email')} />
      {afterEmail}
      <TextInput
        label={t('fields.number')}
        description={t('fields.numberDescription')}
        type="tel"
        autoComplete="tel"
        {...form.field('number')}
      />
      {address &&
        ADDRESS_FIELDS.map(([name, label, autoComplete]) => (
          <TextInput
            key={name}
            label={t(`fields.${label}`)}
            autoComplete={autoComplete}
            {...form.field(name)}
          />
        ))}
    </SimpleGrid>
  );
}

/** Doctors only: what patients see about them in the doctor directory. */
/** `currency`: the clinic's (ISO 4217), which the fee is typed in. */
export function ProfessionalFields({ form, currency }: FieldGroupProps & { currency: string }) {
  const { t } = useAccountT();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput label={t('fields.specialty')} {...form.field('specialty')} />
      <TextInput
        label={t('fields.location')}
        description={t('fields.locationDescription')}
        {...form.field('location')}
      />
      <NumberInput
        label={t('fields.yearsOfExperience')}
        name="yearsofexperience"
        min={0}
        max={80}
        allowDecimal={false}
        allowNegative={false}
        value={form.values.yearsofexperience}
        error={form.errors.yearsofexperience}
        onChange={(value) => form.set('yearsofexperience', value)}
      />
      <NumberInput
        label={t('fields.consultationFee', { currency })}
        name="consultationfee"
        min={0}
        decimalScale={currencyDecimals(currency)}
        decimalSeparator={decimalSeparator()}
        allowNegative={false}
        value={form.values.consultationfee}
        error={form.errors.consultationfee}
        onChange={(value) => form.set('consultationfee', value)}
      />
      <Textarea
        label={t('fields.bio')}
        minRows={3}
        maxRows={8}
        style={{ gridColumn: '1 / -1' }}
        {...form.field('bio')}
      />
    </SimpleGrid>
  );
}
