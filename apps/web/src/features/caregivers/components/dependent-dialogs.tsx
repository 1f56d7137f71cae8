import { TextInput } from '@mantine/core';
import type { Caregiving } from '@tend/shared';
import { useState } from 'react';
import { DateField } from '../../../components/date-time-fields';
import { EmailField } from '../../../components/email-field';
import { FormDialog } from '../../../components/form-dialog';
import { useAddDependent, useInviteDependent } from '../api/dependents';
import { useCaregiversT } from '../i18n';
import { patientName } from './person-words';

const EMPTY = { firstname: '', lastname: '', dateofbirth: '' };

/** Someone without a sign-in of their own (a child, a parent): their names and date of birth. */
export function AddDependentDialog({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const { t } = useCaregiversT();
  const add = useAddDependent();
  const [values, setValues] = useState(EMPTY);
  const today = new Date().toISOString().slice(0, 10);
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((now) => ({ ...now, [name]: value }));
    },
  });
  const close = () => {
    add.reset();
    onClose();
  };
  return (
    <FormDialog
      opened={opened}
      title={t('dependent.title')}
      error={add.isError ? add.error.message : null}
      pending={add.isPending}
      submitLabel={t('dependent.submit')}
      onSubmit={() =>
        add.mutate(values, {
          onSuccess: (made) => {
            setValues(EMPTY);
            onAdded(patientName(made));
          },
        })
      }
      onClose={close}
    >
      <TextInput
        label={t('dependent.firstname')}
        required
        autoComplete="off"
        data-autofocus
        {...field('firstname')}
      />
      <TextInput
        label={t('dependent.lastname')}
        required
        autoComplete="off"
        {...field('lastname')}
      />
      <DateField
        label={t('dependent.dateofbirth')}
        min="1900-01-01"
        max={today}
        required
        value={values.dateofbirth}
        onChange={(dateofbirth) => setValues((now) => ({ ...now, dateofbirth }))}
      />
    </FormDialog>
  );
}

/** Their own sign-in, sent by email: from then on they are a patient like any other. */
export function OwnSignInDialog({
  dependent,
  onClose,
  onSent,
}: {
  dependent: Caregiving | null;
  onClose: () => void;
  onSent: (words: { name: string; email: string }) => void;
}) {
  const { t } = useCaregiversT();
  const invite = useInviteDependent();
  const [email, setEmail] = useState('');
  const name = dependent ? patientName(dependent) : '';
  const close = () => {
    invite.reset();
    onClose();
  };
  return (
    <FormDialog
      opened={dependent !== null}
      title={t('dependent.ownTitle', { name })}
      error={invite.isError ? invite.error.message : null}
      pending={invite.isPending}
      submitLabel={t('dependent.ownSubmit')}
      onSubmit={() => {
        if (!dependent) return;
        invite.mutate(
          { id: dependent.patient._id, email },
          {
            onSuccess: (sent) => {
              setEmail('');
              onSent({ name, email: sent.email });
            },
          },
        );
      }}
      onClose={close}
    >
      <EmailField
        label={t('dependent.ownEmail')}
        description={t('dependent.ownHint', { name })}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        data-autofocus
      />
    </FormDialog>
  );
}
