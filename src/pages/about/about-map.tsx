import { aboutContent } from '~/content/about';

/**
 * Slot for the consent-gated map (built by the media task in src/components/consent-embed.tsx).
 * Until it lands, a marked placeholder with id="kort".
 */
export function AboutMap() {
  return (
    <div
      id="kort"
      data-placeholder="map"
      className="flex min-h-72 items-center justify-center rounded-xl border bg-card p-6 text-center text-muted-foreground"
    >
      <p>{aboutContent.area.mapPlaceholder}</p>
    </div>
  );
}
