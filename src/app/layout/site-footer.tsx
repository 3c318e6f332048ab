import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '~/components/logo';
import { OpeningHours } from '~/components/sections/opening-hours';
import { addressLine, business, mailtoHref, telHref } from '~/content/business';
import { footerQuickLinks, footerServiceLinks, layoutText } from '~/content/navigation';
import { FacebookMark, InstagramMark } from './social-icons';

// brand marks (./social-icons); the links carry the names
const socialIcons = { Facebook: FacebookMark, Instagram: InstagramMark } as const;

export function SiteFooter() {
  return (
    <footer className="border-t bg-card text-card-foreground">
      <div className="container grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[2fr_1fr_1fr_1.5fr]">
        <div className="col-span-2 space-y-4 lg:col-span-1">
          <Link to="/" aria-label={layoutText.homeLinkLabel} className="inline-block rounded-md">
            <Logo />
          </Link>
          <p className="max-w-sm text-sm text-muted-foreground">{business.blurb}</p>
          <div>
            <h2 className="sr-only">{layoutText.footerSocial}</h2>
            <ul className="flex gap-3">
              {business.social.map((item) => {
                const Icon = socialIcons[item.label];
                return (
                  <li key={item.label}>
                    <a
                      href={item.href}
                      aria-label={item.label}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="inline-flex h-10 w-10 items-center justify-center rounded-full border hover:bg-accent"
                    >
                      <Icon className="h-5 w-5" aria-hidden="true" />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>

        <FooterLinks title={layoutText.footerServices} links={footerServiceLinks} />
        <FooterLinks title={layoutText.footerQuickLinks} links={footerQuickLinks} />

        <div className="col-span-2 space-y-6 lg:col-span-1">
          <div>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">
              {layoutText.footerContact}
            </h2>
            <ul className="space-y-2 text-sm text-muted-foreground">
              <li>
                <a
                  href={telHref(business.footerPhone)}
                  className="inline-flex items-center gap-2 hover:text-foreground"
                >
                  <Phone className="h-4 w-4" aria-hidden="true" />
                  {layoutText.footerPhoneLabel}: {business.footerPhone.display}
                </a>
                <p className="pl-6 text-xs">{layoutText.footerPhoneHours}</p>
              </li>
              <li>
                <a
                  href={mailtoHref}
                  className="inline-flex items-center gap-2 hover:text-foreground"
                >
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {business.email}
                </a>
              </li>
              <li className="inline-flex items-center gap-2">
                <MapPin className="h-4 w-4" aria-hidden="true" />
                <address className="not-italic">{addressLine}</address>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">
              {layoutText.footerHours}
            </h2>
            <OpeningHours
              className="text-sm text-muted-foreground"
              hoursClassName="whitespace-nowrap"
            />
          </div>
        </div>
      </div>
      <div className="border-t">
        <div className="container flex flex-col gap-2 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
          <p>{layoutText.copyright(business.founded.year)}</p>
          <p>
            {layoutText.cvrLabel} {business.cvr}
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="text-muted-foreground hover:text-foreground">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
