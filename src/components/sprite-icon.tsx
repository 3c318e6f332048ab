import { forwardRef, type ReactNode, type SVGProps } from 'react';
import { cn } from '~/lib/utils';

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
}

/**
 * The `<svg>` lucide-react draws an icon in: 24 px, stroke 2 in the text colour, round caps and
 * joins, the classes `lucide lucide-<name>`, aria-hidden unless it is labelled.
 */
export function iconSvg(name: string, shapes: ReactNode) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { className, size = 24, children, ...props },
    ref,
  ) {
    const labelled =
      Boolean(children) ||
      Object.keys(props).some(
        (key) => key.startsWith('aria-') || key === 'role' || key === 'title',
      );
    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn('lucide', `lucide-${name}`, className)}
        aria-hidden={labelled ? undefined : 'true'}
        {...props}
      >
        {shapes}
        {children}
      </svg>
    );
  });
  return Icon;
}

/**
 * A lucide icon drawn from the build's SVG sprite: scripts/icon-sprite.ts replaces lucide-react's
 * icon modules by this in the production build (the same `<svg>`, with a `<use>` of the icon's
 * symbol instead of its paths).
 */
export function spriteIcon(name: string, sprite: string) {
  return iconSvg(name, <use href={`${sprite}#${name}`} />);
}
