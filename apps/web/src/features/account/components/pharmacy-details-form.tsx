import { Paper, Stack, Text, Title } from '@mantine/core';
import { profileUpdateSchema, type PharmacyProfile } from '@tend/shared';
import { useRef, useState, type FormEvent } from 'react';
import {
  PharmacyDetailFields,
  pharmacyBody,
  pharmacyFieldValues,
} from '../../../components/pharmacy-detail-fields';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';
import { useAccountT } from '../i18n';
import { FormFooter } from '../../../components/form-footer';

/** A pharmacy's own details, as patients see them in the directory (and its licence number). */
export function PharmacyDetailsForm({ pharmacy }: { pharmacy: PharmacyProfile }) {
  const { t } = useAccountT();
  const [status, setStatus] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(() => pharmacyFieldValues(pharmacy), formRef, {
    onEdit: () => setStatus(null),
  });
  const update = useUpdateProfile();
  const alert = form.alertFor(update.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.reset();
    const changes = pharmacyBody(form.values, pharmacy);
    const body = form.validate(profileUpdateSchema, { pharmacy: changes });
    if (!body) return;
    if (Object.keys(changes).length === 0) return setStatus(t('pharmacy.noChanges'));
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(pharmacyFieldValues(saved.pharmacy));
        setStatus(t('pharmacy.saved'));
      },
      onError: form.showRequestError,
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('pharmacy.title')}
          </Title>
          <Text c="dimmed">{t('pharmacy.intro')}</Text>
          <PharmacyDetailFields field={form.field} wide />
          <FormFooter
            failure={{ title: t('pharmacy.notSaved'), message: alert }}
            submitLabel={t('pharmacy.save')}
            pending={update.isPending}
            status={status}
          />
        </Stack>
      </form>
    </Paper>
  );
}
