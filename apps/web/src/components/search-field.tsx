import { TextInput } from '@mantine/core';
import { IconSearch, type TablerIcon } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof TextInput>, 'type' | 'value' | 'onChange'> & {
  value: string;
  /** The words as typed, at each keystroke. */
  onChange: (value: string) => void;
  /** Before the words: a magnifier unless another icon (or none) is given. */
  icon?: TablerIcon | null;
};

/** A search box of a directory, which reports its words as they are typed. */
export function SearchField({ value, onChange, icon: Icon = IconSearch, ...props }: Props) {
  return (
    <TextInput
      type="search"
      leftSection={Icon ? <Icon size={18} aria-hidden /> : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
