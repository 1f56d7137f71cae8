import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LabelledSection } from '../../../components/labelled-section';

type Props = {
  /** The article's name for screen readers. */
  label: string;
  id?: string;
  headingOrder: 2 | 3;
  /** The prescription's title (or a link to it). */
  heading: ReactNode;
  /** Its status badge, beside the heading, when there is one. */
  badge: ReactNode;
  children: ReactNode;
};

/** The frame of a prescription's card (the doctor's, the patient's, the pharmacy's fill): an
 * <article> with the title and its status badge on top. */
export function CardFrame({ label, id, headingOrder, heading, badge, children }: Props) {
  return (
    <LabelledSection article label={label} id={id} padding="lg">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {heading}
        </Title>
        {badge}
      </Group>
      {children}
    </LabelledSection>
  );
}
