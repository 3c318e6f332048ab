import { Link } from 'react-router';
import { Button, type ButtonProps } from '~/components/ui/button';

/** Navigation state /contact reads to preselect a service (spec: state named `service`). */
export interface ContactServiceState {
  service: string;
}

/**
 * Where a package or service link goes: /contact?service=<name>#form. The query makes the link
 * work without JavaScript and when shared; the navigation state carries the same name.
 */
export function serviceContactHref(service: string): string {
  return `/contact?service=${encodeURIComponent(service)}#form`;
}

export interface ServiceContactLinkProps {
  /** The service name exactly as in the database (the package title). */
  service: string;
  /** Visible text, e.g. 'Vælg pakke'. The accessible name adds the service: 'Vælg pakke: Guldpakken'. */
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/** A button-styled link to the booking form on /contact with the service preselected. */
export function ServiceContactLink({
  service,
  label,
  variant,
  size,
  className,
}: ServiceContactLinkProps) {
  const state: ContactServiceState = { service };
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={serviceContactHref(service)} state={state} aria-label={`${label}: ${service}`}>
        {label}
      </Link>
    </Button>
  );
}
