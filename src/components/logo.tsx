import { cn } from '~/lib/utils';

/**
 * The word mark with its light and dark variants. Both are in the markup and CSS shows the one
 * that fits the theme, so the prerendered HTML is right before any script runs.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className="h-8 w-8 dark:hidden" tone="light" />
      <LogoMark className="hidden h-8 w-8 dark:block" tone="dark" />
      <span className="text-lg font-bold tracking-tight">
        Glans<span className="text-primary">punkt</span>
      </span>
    </span>
  );
}

function LogoMark({ className, tone }: { className: string; tone: 'light' | 'dark' }) {
  const drop = tone === 'dark' ? '#38bdf8' : '#0369a1';
  const shine = tone === 'dark' ? '#e0f2fe' : '#ffffff';
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" data-logo-variant={tone}>
      <path d="M16 2C16 2 6 13.5 6 20a10 10 0 0 0 20 0C26 13.5 16 2 16 2Z" fill={drop} />
      <path
        d="M11.5 19.5a4.5 4.5 0 0 0 4.5 4.5"
        stroke={shine}
        strokeWidth="2.2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
