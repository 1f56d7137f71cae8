import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { UPLOAD_IMAGE_TYPES, type Profile } from '@tend/shared';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { useAccountT } from '../i18n';
import { avatarFileProblem, type AvatarFileProblem } from './avatar-file-check';
import { LiveStatus } from '../../../components/live-status';
import { FailureAlert } from '../../../components/failure-alert';
import { SectionPanel } from '../../../components/section-panel';

/** The profile picture: shown, replaced or removed, each saved at once. */
export function AvatarSection({ profile }: { profile: Profile }) {
  const { t } = useAccountT();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [problem, setProblem] = useState<AvatarFileProblem | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const failure =
    (problem && t(`avatar.${problem}`)) ?? upload.error?.message ?? remove.error?.message ?? null;

  const choose = async (file: File | null) => {
    if (!file) return;
    upload.reset();
    remove.reset();
    setStatus(null);
    const found = await avatarFileProblem(file);
    setProblem(found);
    if (found) return;
    upload.mutate(file, { onSuccess: () => setStatus(t('avatar.updated')) });
  };

  const removePicture = () => {
    upload.reset();
    setProblem(null);
    setStatus(null);
    remove.mutate(undefined, { onSuccess: () => setStatus(t('avatar.removed')) });
  };

  return (
    <SectionPanel title={t('avatar.title')}>
      <Group gap="lg" align="center">
        <UserAvatar person={profile} size={96} alt={t('avatar.alt')} />
        <Stack gap="xs" style={{ flex: '1 1 220px' }}>
          <Group gap="sm">
            <FileButton
              onChange={(file) => void choose(file)}
              accept={UPLOAD_IMAGE_TYPES.join(',')}
            >
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={18} aria-hidden />}
                  loading={upload.isPending}
                  disabled={busy}
                >
                  {profile.avatarUrl ? t('avatar.change') : t('avatar.upload')}
                </Button>
              )}
            </FileButton>
            {profile.avatarUrl && (
              <Button
                variant="default"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={removePicture}
                loading={remove.isPending}
                disabled={busy}
              >
                {t('avatar.remove')}
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('avatar.hint')}
          </Text>
          {!profile.avatarUrl && (
            <Text size="sm" c="dimmed">
              {t('avatar.initials')}
            </Text>
          )}
        </Stack>
      </Group>
      <LiveStatus status={status} mt="md" />
      <FailureAlert title={t('avatar.notChanged')} message={failure} mt="md" />
    </SectionPanel>
  );
}
