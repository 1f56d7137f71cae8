import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * Mantine's PasswordInput, plus the aria-invalid it leaves off its inner input (its other inputs
 * set it), so screen readers hear that the field has an error, as with every other field.
 */
export function PasswordField(props: ComponentProps<typeof PasswordInput>) {
  return <PasswordInput {...props} aria-invalid={props.error ? true : undefined} />;
}
