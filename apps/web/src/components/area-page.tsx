import { Box, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCommonT } from '../i18n/common';

type Props = {
  /** The page's one h1; also the start of the document title. */
  heading: string;
  /** When the h1 is personal ("Hello, Ana"), a plainer name for the browser tab. */
  documentTitle?: string;
  intro?: ReactNode;
  children: ReactNode;
};

/** The frame of a page inside the signed-in areas: title, heading, short intro, content. */
export function AreaPage({ heading, documentTitle, intro, children }: Props) {
  const { t } = useCommonT();
  return (
    <Box maw={960}>
      <title>{t('pageTitle', { title: documentTitle ?? heading })}</title>
      <Stack gap={4} mb="lg">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {heading}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
      </Stack>
      {children}
    </Box>
  );
}
