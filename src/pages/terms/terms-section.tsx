import type { PrivacySection } from '~/content/privacy';

/**
 * One numbered section of the terms. The same markup as the privacy policy's sections
 * (../privacy/privacy-section.tsx), kept apart: a chunk shared by the two pages cost
 * /privatlivspolitik a request and 0.2 KB more.
 */
export function TermsSectionBlock({
  section,
  number,
}: {
  section: PrivacySection;
  number: number;
}) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-20">
      <h2 id={`${section.id}-heading`} className="text-2xl font-semibold tracking-tight">
        {number}. {section.title}
      </h2>
      <div className="mt-4 space-y-4 text-muted-foreground">
        {section.blocks.map((block, index) =>
          block.type === 'p' ? (
            <p key={index}>{block.text}</p>
          ) : (
            <ul key={index} className="list-disc space-y-2 pl-6">
              {block.items.map((item) => (
                <li key={item.text}>
                  {item.term ? (
                    <strong className="font-semibold text-foreground">{item.term}: </strong>
                  ) : null}
                  {item.text}
                </li>
              ))}
            </ul>
          ),
        )}
      </div>
    </section>
  );
}
