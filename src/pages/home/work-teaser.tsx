import { ContentPicture } from '~/components/sections/content-picture';
import { MoreLink } from '~/components/sections/more-link';
import { Section } from '~/components/sections/section-heading';
import { homeContent } from '~/content/home';

/** Four pictures of our work and a link to /vores-arbejde. */
export function WorkTeaser() {
  const text = homeContent.work;
  return (
    <Section id="arbejde" muted heading={text}>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {text.items.map((item) => (
          <li key={item.title}>
            <figure className="overflow-hidden rounded-xl border bg-card">
              <ContentPicture
                image={item.image}
                sizes="(min-width: 1024px) 25vw, 50vw"
                className="aspect-square"
              />
              <figcaption className="p-3 text-center text-sm font-semibold">
                {item.title}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <MoreLink to="/vores-arbejde" size="lg" variant="outline">
        {text.link}
      </MoreLink>
    </Section>
  );
}
