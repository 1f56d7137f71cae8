import { Group, List, Text, VisuallyHidden } from '@mantine/core';
import type { PasswordPolicy } from '@tend/shared';
import { IconCircleCheck, IconCircleDashed, IconInfoCircle } from '@tabler/icons-react';
import { useCommonT } from '../i18n/common';

type Props = { password: string; policy: PasswordPolicy };

function Rule({ met, children }: { met: boolean | null; children: string }) {
  const { t } = useCommonT();
  const Icon = met === null ? IconInfoCircle : met ? IconCircleCheck : IconCircleDashed;
  return (
    <List.Item
      icon={
        <Icon
          size={18}
          aria-hidden
          color={met ? 'var(--mantine-color-tend-8)' : 'var(--mantine-color-gray-7)'}
        />
      }
    >
      <Group gap={6} wrap="nowrap">
        <Text span size="sm" c={met ? 'tend.9' : 'gray.8'}>
          {children}
        </Text>
        {met !== null && (
          <VisuallyHidden>
            {met ? t('passwordRules.done') : t('passwordRules.notYet')}
          </VisuallyHidden>
        )}
      </Group>
    </List.Item>
  );
}

/**
 * The password rules, ticked off while the person types (the length is counted in characters as
 * the server counts them). Whether a password is too common only the server knows, so that rule
 * is stated, not checked. Meant as an input's `description`, so it is read with the field.
 */
export function PasswordRules({ password, policy }: Props) {
  const { t } = useCommonT();
  const length = [...password].length;
  return (
    <List spacing={4} size="sm" center mt={4} withPadding={false} ps={0}>
      <Rule met={length >= policy.minLength}>
        {t('passwordRules.atLeast', { count: policy.minLength })}
      </Rule>
      {length > policy.maxLength && (
        <Rule met={false}>{t('passwordRules.atMost', { count: policy.maxLength })}</Rule>
      )}
      {policy.refuseCommon && <Rule met={null}>{t('passwordRules.refuseCommon')}</Rule>}
    </List>
  );
}
