import { Paper, Table, Title, type MantineSpacing, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { PlainList } from './plain-list';

/** A column's heading; `nowrap` keeps a long one on one line. */
export type ColumnHeading = string | { label: string; nowrap: boolean };

type Props<Row> = {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  headings: readonly ColumnHeading[];
  /** One row's cells, its own heading first (a <Table.Th scope="row">). */
  cells: (row: Row) => ReactNode;
  /** One row as a card's content, for phones and narrow tablets. */
  card: (row: Row) => ReactNode;
  /** Below this width the rows show as cards. */
  from?: 'md' | 'lg';
  /** Narrower than this, the table scrolls sideways rather than squeeze its columns. */
  minWidth: number;
  caption?: ReactNode;
  highlightOnHover?: boolean;
  /** The heading that names the table, where it has no caption. */
  labelledBy?: string;
  cardGap?: MantineSpacing;
};

const label = (heading: ColumnHeading) => (typeof heading === 'string' ? heading : heading.label);

/**
 * A list of things as a table where there is room and as one card per thing where there is not;
 * both are in the page, and the width decides which one shows.
 */
export function ResponsiveTable<Row>({ from = 'md', cardGap = 'md', ...props }: Props<Row>) {
  const { rows, rowKey, card } = props;
  return (
    <>
      <WideTable {...props} from={from} />
      <PlainList gap={cardGap} hiddenFrom={from}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} component="li" withBorder radius="lg" p="md">
            {card(row)}
          </Paper>
        ))}
      </PlainList>
    </>
  );
}

function WideTable<Row>({
  rows,
  rowKey,
  headings,
  cells,
  from,
  minWidth,
  caption,
  highlightOnHover,
  labelledBy,
}: Omit<Props<Row>, 'card' | 'cardGap'>) {
  return (
    <Paper withBorder radius="lg" visibleFrom={from} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover={highlightOnHover}
          aria-labelledby={labelledBy}
        >
          {caption && (
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }} px="md" fw={600}>
              {caption}
            </Table.Caption>
          )}
          <Table.Thead>
            <Table.Tr>
              {headings.map((heading) => (
                <Table.Th
                  scope="col"
                  key={label(heading)}
                  style={
                    typeof heading !== 'string' && heading.nowrap
                      ? { whiteSpace: 'nowrap' }
                      : undefined
                  }
                >
                  {label(heading)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>{cells(row)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

type CardTitleProps = { order: TitleOrder; size: 'h4' | 'h5'; children: ReactNode };

/** A card's heading: the thing the row is about, its long names wrapping anywhere. */
export function CardTitle({ order, size, children }: CardTitleProps) {
  return (
    <Title order={order} size={size} mb="xs" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}

/** A row's own heading cell, the first of its cells (`wrap`: how its long words break). */
export function RowHeading({
  children,
  miw,
  wrap = 'anywhere',
}: {
  children: ReactNode;
  miw?: number;
  wrap?: 'anywhere' | 'break-word';
}) {
  return (
    <Table.Th scope="row" fw={600} miw={miw} style={{ overflowWrap: wrap }}>
      {children}
    </Table.Th>
  );
}
