import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** A required email address box, which the browser offers to fill with the person's address. */
export function EmailField(props: ComponentProps<typeof TextInput>) {
  return <TextInput type="email" autoComplete="email" required {...props} />;
}
