import { NativeSelect, NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { BLOOD_GROUPS } from '@tend/shared';
import type { ChangeEvent } from 'react';
import type { FieldErrors } from '../../../lib/form-errors';
import type { ProfileField, ProfileFormValues } from './profile-form-values';

export type FieldGroupProps = {
  values: ProfileFormValues;
  errors: FieldErrors<ProfileField>;
  set: <F extends ProfileField>(field: F, value: ProfileFormValues[F]) => void;
};

const BLOOD_GROUP_OPTIONS = [
  { value: '', label: 'Not set' },
  ...BLOOD_GROUPS.map((group) => ({ value: group, label: group })),
];

/** Plain text inputs share everything but their field, label and autocomplete hint. */
function textProps(props: FieldGroupProps, field: ProfileField) {
  return {
    name: field,
    value: String(props.values[field]),
    error: props.errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      props.set(field, event.currentTarget.value),
  };
}

/** SPEC §3: First Name, Last Name, Date Of Birth, Blood Group. */
export function PersonalFields(props: FieldGroupProps) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput
        label="First Name"
        autoComplete="given-name"
        required
        {...textProps(props, 'firstname')}
      />
      <TextInput
        label="Last Name"
        autoComplete="family-name"
        required
        {...textProps(props, 'lastname')}
      />
      <TextInput
        label="Date Of Birth"
        type="date"
        min="1900-01-01"
        max={today}
        autoComplete="bday"
        {...textProps(props, 'dateofbirth')}
      />
      <NativeSelect
        label="Blood Group"
        name="bloodgroup"
        data={BLOOD_GROUP_OPTIONS}
        value={props.values.bloodgroup}
        error={props.errors.bloodgroup}
        onChange={(event) =>
          props.set('bloodgroup', event.currentTarget.value as ProfileFormValues['bloodgroup'])
        }
      />
    </SimpleGrid>
  );
}

/** SPEC §3: Email Id, Number, Address, City, State, Post Code, Country. */
export function ContactFields(props: FieldGroupProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput
        label="Email Id"
        type="email"
        autoComplete="email"
        required
        {...textProps(props, 'email')}
      />
      <TextInput
        label="Number"
        description="Your phone number"
        type="tel"
        autoComplete="tel"
        {...textProps(props, 'number')}
      />
      <TextInput label="Address" autoComplete="street-address" {...textProps(props, 'address')} />
      <TextInput label="City" autoComplete="address-level2" {...textProps(props, 'city')} />
      <TextInput label="State" autoComplete="address-level1" {...textProps(props, 'state')} />
      <TextInput label="Post Code" autoComplete="postal-code" {...textProps(props, 'postcode')} />
      <TextInput label="Country" autoComplete="country-name" {...textProps(props, 'country')} />
    </SimpleGrid>
  );
}

/** Doctors only: what patients see about them in the doctor directory. */
export function ProfessionalFields(props: FieldGroupProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <TextInput label="Specialty" {...textProps(props, 'specialty')} />
      <TextInput
        label="Location"
        description="Where you see patients"
        {...textProps(props, 'location')}
      />
      <NumberInput
        label="Years of experience"
        name="yearsofexperience"
        min={0}
        max={80}
        allowDecimal={false}
        allowNegative={false}
        value={props.values.yearsofexperience}
        error={props.errors.yearsofexperience}
        onChange={(value) => props.set('yearsofexperience', value)}
      />
      <NumberInput
        label="Consultation fee"
        name="consultationfee"
        min={0}
        decimalScale={2}
        allowNegative={false}
        value={props.values.consultationfee}
        error={props.errors.consultationfee}
        onChange={(value) => props.set('consultationfee', value)}
      />
      <Textarea
        label="Short bio"
        autosize
        minRows={3}
        maxRows={8}
        style={{ gridColumn: '1 / -1' }}
        {...textProps(props, 'bio')}
      />
    </SimpleGrid>
  );
}
