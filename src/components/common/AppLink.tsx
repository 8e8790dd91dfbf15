import { createContext, forwardRef, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';

/**
 * Components render internal links through this context so they never import a router:
 * the app provides react-router's Link, stories get a plain anchor.
 */
export type LinkLikeProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

const PlainAnchor = forwardRef<HTMLAnchorElement, LinkLikeProps>(function PlainAnchor(props, ref) {
  return <a ref={ref} {...props} />;
});

const LinkComponentContext = createContext<ComponentType<LinkLikeProps & { ref?: React.Ref<HTMLAnchorElement> }>>(PlainAnchor);

export const LinkComponentProvider = LinkComponentContext.Provider;

/** An internal link, drawn by whichever link component the app (or a story) provides. */
export const AppLink = forwardRef<HTMLAnchorElement, LinkLikeProps>(function AppLink(props, ref) {
  const Component = useContext(LinkComponentContext);
  return <Component ref={ref} {...props} />;
});
