import { Button, Group } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { Link, type To } from 'react-router';

/** One button of a table row or card: a link (`to`) or an action (`onClick`). */
export type RowAction = {
  /** The word on the button. */
  text: string;
  /** The word with the row's name, so a screen reader tells the rows apart. */
  label: string;
  icon: TablerIcon;
  /** A removal: outlined in red. */
  danger?: boolean;
} & ({ to: To; state?: unknown } | { onClick: () => void; loading?: boolean });

type Props = {
  actions: readonly RowAction[];
  /** Icons only on the cards, where there is room for them. */
  withIcons: boolean;
  wrap?: 'wrap' | 'nowrap';
};

/** Outlined in red for a removal, plain otherwise; an icon where there is room. */
function RowButton({ action, withIcon }: { action: RowAction; withIcon: boolean }) {
  const { text, label, icon: Icon, danger = false, ...target } = action;
  const look = {
    size: 'compact-sm',
    variant: danger ? 'outline' : 'default',
    color: danger ? 'red.9' : undefined,
    leftSection: withIcon ? <Icon size={16} aria-hidden /> : undefined,
    'aria-label': label,
  } as const;
  return 'to' in target ? (
    <Button component={Link} to={target.to} state={target.state} {...look}>
      {text}
    </Button>
  ) : (
    <Button loading={target.loading} onClick={target.onClick} {...look}>
      {text}
    </Button>
  );
}

/** A row's buttons, side by side. */
export function RowActions({ actions, withIcons, wrap = 'nowrap' }: Props) {
  return (
    <Group gap={6} wrap={wrap}>
      {actions.map((action) => (
        <RowButton key={action.text} action={action} withIcon={withIcons} />
      ))}
    </Group>
  );
}
