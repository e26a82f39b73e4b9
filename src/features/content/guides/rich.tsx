import { Fragment, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { parseInline } from '@/domain/content/inline-markup';
import type { LocalizedPath } from '@/lib/i18n';
import { useLocalePath, useT } from '@/lib/use-i18n';
import { fillSiteValues, siteValues } from './site-values';

/**
 * A link to one of the site's pages in the reader's language: a localized page's Hindi version
 * while Hindi shows, the page itself otherwise.
 */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  const localePath = useLocalePath();
  // The markup's paths are the site's own (pages.test and the e2e suite follow every one).
  const target = localePath(to) as LocalizedPath;
  return (
    <Anchor component={Link} to={target}>
      {children}
    </Anchor>
  );
}

export function useSiteValues(): Record<string, string> {
  return siteValues(useT());
}

/** A text of the content data with its links, bold words and placeholders. */
export function Rich({ text }: { text: string }) {
  const values = useSiteValues();
  return (
    <>
      {parseInline(fillSiteValues(text, values)).map((part, index) => (
        <Fragment key={index}>
          {part.kind === 'link' ? (
            <PageLink to={part.to}>{part.text}</PageLink>
          ) : part.kind === 'strong' ? (
            <strong>{part.text}</strong>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </>
  );
}
