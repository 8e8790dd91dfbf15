import { forwardRef, type ReactNode } from 'react';
import { fn } from 'storybook/test';
import { LinkComponentProvider, type LinkLikeProps } from '../../src/components/common/AppLink';

/** Records where a link would go instead of leaving the story, so plays can follow links. */
export const navigate = fn().mockName('navigate');

/**
 * Stands in for the app's router link: marked `data-router-link` so a play can tell it from a
 * plain anchor, it runs the link's own onClick and then records the href with `navigate`.
 */
const SpyLink = forwardRef<HTMLAnchorElement, LinkLikeProps>(function SpyLink({ href, onClick, ...props }, ref) {
  return (
    <a
      ref={ref}
      href={href}
      data-router-link=""
      {...props}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        navigate(href);
      }}
    />
  );
});

export function WithLinkSpy({ children }: { children: ReactNode }) {
  return <LinkComponentProvider value={SpyLink}>{children}</LinkComponentProvider>;
}
