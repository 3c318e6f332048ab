import { Section } from '~/components/sections/section-heading';
import { aboutContent } from '~/content/about';

/** The four milestones, as an ordered list on a vertical line. */
export function Timeline() {
  const text = aboutContent.timeline;
  return (
    <Section id="historie" heading={text}>
      <ol className="relative mx-auto max-w-3xl space-y-8 border-l-2 border-primary/40 pl-8">
        {text.entries.map((entry) => (
          <li key={entry.year} className="relative">
            <span
              aria-hidden="true"
              className="absolute -left-[2.55rem] top-1 h-4 w-4 rounded-full border-4 border-background bg-primary"
            />
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">
              {entry.year}
            </p>
            <h3 className="mt-1 text-xl font-semibold">{entry.title}</h3>
            <p className="mt-2 text-muted-foreground">{entry.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
