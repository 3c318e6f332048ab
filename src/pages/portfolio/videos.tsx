import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { VideoEmbed } from '~/components/consent-embed';
import {
  serviceContactHref,
  type ContactServiceState,
} from '~/components/sections/service-contact-link';
import { Button } from '~/components/ui/button';
import type { VideoContent } from '~/content/embeds';

/** The two Facebook videos, each with a link to the booking form carrying its service. */
export function Videos({ videos }: { videos: readonly VideoContent[] }) {
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      {videos.map((video) => {
        const state: ContactServiceState = { service: video.service };
        return (
          <article key={video.id} aria-labelledby={`${video.id}-heading`} className="space-y-4">
            <h3 id={`${video.id}-heading`} className="text-2xl font-semibold">
              {video.heading}
            </h3>
            <p className="text-muted-foreground">{video.description}</p>
            <VideoEmbed video={video} />
            <Button asChild>
              <Link to={serviceContactHref(video.service)} state={state}>
                <CalendarCheck aria-hidden="true" />
                {video.bookLabel}
              </Link>
            </Button>
          </article>
        );
      })}
    </div>
  );
}
