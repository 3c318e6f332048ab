// The whole check: repository requirements + the project's answers -> checklist.
import { placeholderFacts, type PlaceholderFact } from '../../src/content/business-placeholders.ts';
import { evaluate, probeProject, type CheckItem } from './check.ts';
import { readRequirements } from './requirements.ts';

export interface CheckLiveOptions {
  url: string;
  /** A secret key of the project (or the legacy service_role key while the legacy keys work). */
  serviceKey: string;
  /** Default: the placeholders left in src/content/business.ts. */
  placeholders?: PlaceholderFact[];
  /** The deployed site whose bundle is read; default the project's SITE_URL. */
  siteUrl?: string;
}

export async function checkLive(options: CheckLiveOptions): Promise<CheckItem[]> {
  const requirements = readRequirements();
  const facts = await probeProject(options.url, options.serviceKey, requirements, options.siteUrl);
  return evaluate(requirements, facts, options.placeholders ?? placeholderFacts());
}
