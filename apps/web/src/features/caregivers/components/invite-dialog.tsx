import { MISSED_DOSE_DELAY_DEFAULT, type CaregiverArea } from '@tend/shared';
import { useState } from 'react';
import { EmailField } from '../../../components/email-field';
import { FormDialog } from '../../../components/form-dialog';
import { useInviteCaregiver } from '../api/caregiver-changes';
import { useCaregiversT } from '../i18n';
import { AlertFields, AreaFields, delayInRange, type AlertValues } from './area-fields';

const START_AREAS: CaregiverArea[] = ['medications'];
const START_ALERTS: AlertValues = { misseddoses: true, delayminutes: MISSED_DOSE_DELAY_DEFAULT };

/** Invite by email, with the areas and the missed-dose alerts; says when it has been sent. */
export function InviteDialog({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: (email: string) => void;
}) {
  const { t } = useCaregiversT();
  const invite = useInviteCaregiver();
  const [email, setEmail] = useState('');
  const [areas, setAreas] = useState<CaregiverArea[]>(START_AREAS);
  const [alerts, setAlerts] = useState<AlertValues>(START_ALERTS);

  const close = () => {
    invite.reset();
    onClose();
  };
  const submit = () => {
    if (alerts.misseddoses && !delayInRange(alerts.delayminutes)) return;
    invite.mutate(
      { email, areas, alerts },
      {
        onSuccess: (sent) => {
          setEmail('');
          setAreas(START_AREAS);
          setAlerts(START_ALERTS);
          onSent(sent.email);
        },
      },
    );
  };
  return (
    <FormDialog
      opened={opened}
      title={t('invite.title')}
      error={invite.isError ? invite.error.message : null}
      pending={invite.isPending}
      submitLabel={t('invite.submit')}
      onSubmit={submit}
      onClose={close}
      size="lg"
    >
      <EmailField
        label={t('invite.email')}
        description={t('invite.emailHint')}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        data-autofocus
      />
      <AreaFields value={areas} onChange={setAreas} />
      <AlertFields value={alerts} onChange={setAlerts} />
    </FormDialog>
  );
}
