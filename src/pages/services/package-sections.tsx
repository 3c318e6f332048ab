import { PackageGrid } from '~/components/sections/package-card';
import { SectionHeading } from '~/components/sections/section-heading';
import { packageCards, packageText } from '~/content/packages';
import { useSiteData } from '~/lib/site-data';
import { servicesContent } from '~/content/services-page';
import { SERVICES_SECTION_ID } from './scroll-to-services-button';

/** The section with id="services": the wash grid and the polishing grid with all six packages. */
export function PackageSections() {
  const { wash, polish, packagesLabel } = servicesContent;
  const data = useSiteData();
  const washPackages = packageCards(data, 'vask');
  const polishPackages = packageCards(data, 'polering');
  return (
    <section
      id={SERVICES_SECTION_ID}
      aria-label={packagesLabel}
      className="scroll-mt-20 py-16 outline-none sm:py-20"
      tabIndex={-1}
    >
      <div className="container space-y-20">
        <div>
          <SectionHeading id="vask-heading" title={wash.title} description={wash.description} />
          <PackageGrid packages={washPackages} actionLabel={packageText.bookService} />
        </div>
        <div>
          <SectionHeading
            id="polering-heading"
            title={polish.title}
            description={polish.description}
          />
          <PackageGrid packages={polishPackages} actionLabel={packageText.bookService} />
        </div>
      </div>
    </section>
  );
}
