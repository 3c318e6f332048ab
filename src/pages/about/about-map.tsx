import { MapEmbed } from '~/components/consent-embed';

/** The workshop on the map: click-to-load (no request to Google before the visitor's click). */
export function AboutMap() {
  return (
    <div id="kort" className="scroll-mt-20">
      <MapEmbed />
    </div>
  );
}
