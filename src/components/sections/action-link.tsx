import { Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonVariantProps } from '~/components/ui/button';
import { business, telHref } from '~/content/business';
import { sectionText } from '~/content/sections';

export type ActionLinkProps = {
  icon: LucideIcon;
  variant?: ButtonVariantProps['variant'];
  children: ReactNode;
} & ({ to: string; href?: never } | { href: string; to?: never });

/**
 * A large button that is a link, its icon before the label: the calls to action of the page heroes
 * and the closing band. `to` is a page of the site (React Router's Link), `href` anything else
 * (tel:, an anchor on the same page).
 */
export function ActionLink({ icon: Icon, to, href, variant, children }: ActionLinkProps) {
  const label = (
    <>
      <Icon aria-hidden="true" />
      {children}
    </>
  );
  return (
    <Button asChild size="lg" variant={variant}>
      {to === undefined ? <a href={href}>{label}</a> : <Link to={to}>{label}</Link>}
    </Button>
  );
}

/** 'Ring +45 …': the workshop's phone number as a large button. */
export function CallButton({ variant }: { variant?: 'outline' }) {
  return (
    <ActionLink icon={Phone} href={telHref(business.phone)} variant={variant}>
      {sectionText.callPhone(business.phone.display)}
    </ActionLink>
  );
}
