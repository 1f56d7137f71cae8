import type { ComponentProps } from 'react';
import { usePasswordPolicy } from '../lib/password-policy';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

type Props = Omit<ComponentProps<typeof PasswordField>, 'value'> & { value: string };

/**
 * A password the person chooses (signing up, a reset, a change): the server's policy listed under
 * the field and ticked off as they type, below any error so the message stays next to the input.
 */
export function NewPasswordField(props: Props) {
  const policy = usePasswordPolicy();
  return (
    <PasswordField
      autoComplete="new-password"
      required
      {...props}
      description={<PasswordRules password={props.value} policy={policy} />}
      descriptionProps={{ component: 'div' }}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
    />
  );
}
