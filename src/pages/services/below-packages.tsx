import { SizePrices } from './size-prices';
import { SpecialServices } from './special-services';

/**
 * What /services shows below its packages: the prices per car size with the add-ons, and the jobs
 * besides cars. One module that the page loads with import(): the sections are in the prerendered
 * page, their code is not in its first load.
 */
export default function BelowPackages() {
  return (
    <>
      <SizePrices />
      <SpecialServices />
    </>
  );
}
