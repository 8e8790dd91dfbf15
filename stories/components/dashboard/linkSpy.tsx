import { forwardRef, type ReactNode } from 'react';
import { fn } from 'storybook/test';
import { LinkComponentProvider, type LinkLikeProps } from '../../../src/components/common/AppLink';

/** Records where a link would go instead of leaving the story, so plays can follow links. */
export const navigate = fn().mockName('navigate');

const SpyLink = forwardRef<HTMLAnchorElement, LinkLikeProps>(function SpyLink({ onClick, ...props }, ref) {
  return (
    <a
      ref={ref}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        navigate(props.href);
      }}
    />
  );
});

export function WithLinkSpy({ children }: { children: ReactNode }) {
  return <LinkComponentProvider value={SpyLink}>{children}</LinkComponentProvider>;
}
