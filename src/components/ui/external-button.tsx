import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

/** A button that opens an outside site in a new tab without giving it access to this window. */
export function ExternalButton({
  href,
  children,
  ...props
}: ButtonProps & { href: string; children: ReactNode }) {
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Button>
  );
}
