import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { VideoEmbed } from '~/components/consent-embed';
import { Button } from '~/components/ui/button';
import {
  serviceContactHref,
  type ContactServiceState,
} from '~/components/sections/service-contact-link';
import { bookingTopics, type BookingTopic } from '~/content/booking-topics';
import type { VideoContent } from '~/content/embeds';

/** The two Facebook videos, each with a link to the booking form with its note (topic). */
export function Videos({ videos }: { videos: readonly VideoContent[] }) {
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      {videos.map((video) => {
        // spec: the link carries the service name in navigation state (and the query); the form
        // preselects a package containing it, and the topic's note says why (or why not)
        const service = (bookingTopics[video.topic] as BookingTopic).service ?? video.topic;
        const state: ContactServiceState = { service };
        return (
          <article key={video.id} aria-labelledby={`${video.id}-heading`} className="space-y-4">
            <h3 id={`${video.id}-heading`} className="text-2xl font-semibold">
              {video.heading}
            </h3>
            <p className="text-muted-foreground">{video.description}</p>
            <VideoEmbed video={video} />
            <Button asChild>
              <Link to={serviceContactHref(service)} state={state}>
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
