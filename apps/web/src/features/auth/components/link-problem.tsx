import { Alert } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

// Mantine's light red title (red 6 on its tint) falls below 4.5:1 in axe's measure here; red 9 keeps
// the refusal readable.
const readableRed = { '--alert-color': 'var(--mantine-color-red-9)' } as CSSProperties;

/** An emailed link that did not work (incomplete, expired, used, made up), said in words. */
export function LinkProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert" style={readableRed}>
      {children}
    </Alert>
  );
}
