import { Group, Text } from '@mantine/core';
import { useCommonT } from '../i18n/common';

/** The Tend mark: a heart in a rounded square, drawn inline so no image request is needed. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-tend-7)" />
      <path
        d="M16 25s-8-4.9-8-10.6A4.4 4.4 0 0 1 16 12a4.4 4.4 0 0 1 8 2.4C24 20.1 16 25 16 25z"
        fill="#fff"
      />
    </svg>
  );
}

export function BrandLogo() {
  const { t } = useCommonT();
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark />
      <Text component="span" fw={800} fz={22} c="tend.9" lh={1}>
        {t('brand.name')}
      </Text>
    </Group>
  );
}
