import type { ComponentPropsWithRef } from 'react';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

// Mantine's polymorphic `component={Link}` loses the router's typing of `params`; createLink
// keeps it, so a link to /admin/users/$userId/policies without a userId does not compile.

type AnchorElementProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;
type ButtonElementProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;

function AnchorElement(props: AnchorElementProps) {
  return <Anchor {...props} />;
}

function ButtonElement(props: ButtonElementProps) {
  return <Button component="a" {...props} />;
}

export const AnchorLink = createLink(AnchorElement);
export const ButtonLink = createLink(ButtonElement);
