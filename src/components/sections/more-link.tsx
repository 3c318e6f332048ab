import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonVariantProps } from '~/components/ui/button';

/** The link centred under a section to where its subject goes on: the label, then an arrow. */
export function MoreLink({
  to,
  variant,
  size,
  children,
}: {
  to: string;
  variant?: ButtonVariantProps['variant'];
  size?: ButtonVariantProps['size'];
  children: ReactNode;
}) {
  return (
    <div className="mt-10 text-center">
      <Button asChild size={size} variant={variant}>
        <Link to={to}>
          {children}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
