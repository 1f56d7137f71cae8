import { DataList, type DataListProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type Fact = readonly [label: string, value: ReactNode];

/**
 * The label/value lines of a card (the narrow-screen form of a table row): long values such as
 * file names or e-mail addresses wrap anywhere rather than widen the card past the screen.
 */
export function FactList({ facts, ...props }: { facts: readonly Fact[] } & DataListProps) {
  return (
    <DataList {...props}>
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
