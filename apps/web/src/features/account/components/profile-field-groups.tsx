import { NativeSelect, NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { BLOOD_GROUPS } from '@tend/shared';
import type { ReactNode } from 'react';
import type { SchemaForm } from '../../../lib/use-schema-form';
import type { ProfileFormValues } from './profile-form-values';

type FieldGroupProps = { form: SchemaForm<ProfileFormValues> };

const BLOOD_GROUP_OPTIONS = [
  { value: '', label: 'Not set' },
  ...BLOOD_GROUPS.map((group) => ({ value: group, label: group })),
];

/** SPEC §3: First Name, Last Name, Date Of Birth, Blood Group (the last two: `health`). */
export function PersonalFields({ form, health = true }: FieldGroupProps & { health?: boolean }) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput
        label="First Name"
        autoComplete="given-name"
        required
        {...form.field('firstname')}
      />
      <TextInput
        label="Last Name"
        autoComplete="family-name"
        required
        {...form.field('lastname')}
      />
      {health && (
        <>
          <TextInput
            label="Date Of Birth"
            type="date"
            min="1900-01-01"
            max={today}
            autoComplete="bday"
            {...form.field('dateofbirth')}
          />
          <NativeSelect
            label="Blood Group"
            name="bloodgroup"
            data={BLOOD_GROUP_OPTIONS}
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

/**
 * SPEC §3: Email Id, Number, Address, City, State, Post Code, Country. `afterEmail` sits right beside
 * the email (the current password, while the email is being changed).
 */
export function ContactFields({
  form,
  afterEmail,
  address = true,
}: FieldGroupProps & { afterEmail?: ReactNode; address?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput
        label="Email Id"
        type="email"
        autoComplete="email"
        required
        {...form.field('email')}
      />
      {afterEmail}
      <TextInput
        label="Number"
        description="Your phone number"
        type="tel"
        autoComplete="tel"
        {...form.field('number')}
      />
      {address && (
        <>
          <TextInput label="Address" autoComplete="street-address" {...form.field('address')} />
          <TextInput label="City" autoComplete="address-level2" {...form.field('city')} />
          <TextInput label="State" autoComplete="address-level1" {...form.field('state')} />
          <TextInput label="Post Code" autoComplete="postal-code" {...form.field('postcode')} />
          <TextInput label="Country" autoComplete="country-name" {...form.field('country')} />
        </>
      )}
    </SimpleGrid>
  );
}

/** Doctors only: what patients see about them in the doctor directory. */
export function ProfessionalFields({ form }: FieldGroupProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput label="Specialty" {...form.field('specialty')} />
      <TextInput
        label="Location"
        description="Where you see patients"
        {...form.field('location')}
      />
      <NumberInput
        label="Years of experience"
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
        label="Consultation fee"
        name="consultationfee"
        min={0}
        decimalScale={2}
        allowNegative={false}
        value={form.values.consultationfee}
        error={form.errors.consultationfee}
        onChange={(value) => form.set('consultationfee', value)}
      />
      <Textarea
        label="Short bio"
        autosize
        minRows={3}
        maxRows={8}
        style={{ gridColumn: '1 / -1' }}
        {...form.field('bio')}
      />
    </SimpleGrid>
  );
}
