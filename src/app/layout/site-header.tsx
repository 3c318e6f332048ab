import { CalendarCheck, Menu, Phone, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '~/components/logo';
import { Button } from '~/components/ui/button';
import { business, telHref } from '~/content/business';
import { BOOKING_FORM_HREF, layoutText, mainNav } from '~/content/navigation';
import { cn } from '~/lib/utils';
import { ThemeToggle } from './theme-toggle';

const navLinkClass = ({ isActive }: { isActive: boolean }, mobile = false) =>
  cn(
    'rounded-md px-3 font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    mobile ? 'block py-3 text-base' : 'py-2 text-sm',
    isActive ? 'text-primary' : 'text-foreground',
  );

export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const menuOpen = openOnPath === pathname;
  const setMenuOpen = (open: boolean) => setOpenOnPath(open ? pathname : null);
  const menuId = useId();

  // Escape closes the mobile menu too.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOnPath(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="container flex h-16 items-center justify-between gap-4">
        <Link to="/" aria-label={layoutText.homeLinkLabel} className="rounded-md">
          <Logo />
        </Link>

        <nav aria-label={layoutText.mainNavLabel} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <Button asChild display="lg">
            <a href={telHref(business.phone)}>
              <Phone aria-hidden="true" />
              {layoutText.callNow}
            </a>
          </Button>
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-controls={menuId}
            aria-expanded={menuOpen}
            aria-label={menuOpen ? layoutText.closeMenu : layoutText.openMenu}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label={layoutText.mobileNavLabel}
        hidden={!menuOpen}
        className="border-t md:hidden"
      >
        <ul className="container flex flex-col gap-1 py-3">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={(state) => navLinkClass(state, true)}
                onClick={() => setMenuOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="pt-2">
            <Button asChild className="w-full">
              <Link to={BOOKING_FORM_HREF} onClick={() => setMenuOpen(false)}>
                <CalendarCheck aria-hidden="true" />
                {layoutText.bookNow}
              </Link>
            </Button>
          </li>
          <li>
            <Button asChild variant="outline" className="w-full">
              <a href={telHref(business.phone)}>
                <Phone aria-hidden="true" />
                {layoutText.callNow}: {business.phone.display}
              </a>
            </Button>
          </li>
        </ul>
      </nav>
    </header>
  );
}
