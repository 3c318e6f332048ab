import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { VideoEmbed } from '~/components/consent-embed';
import { Button } from '~/components/ui/button';
import { bookingTopicHref } from '~/content/booking-topics';
import type { VideoContent } from '~/content/embeds';

/** The two Facebook videos, each with a link to the booking form with its note (topic). */
export function Videos({ videos }: { videos: readonly VideoContent[] }) {
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      {videos.map((video) => {
        return (
          <article key={video.id} aria-labelledby={`${video.id}-heading`} className="space-y-4">
            <h3 id={`${video.id}-heading`} className="text-2xl font-semibold">
              {video.heading}
            </h3>
            <p className="text-muted-foreground">{video.description}</p>
            <VideoEmbed video={video} />
            <Button asChild>
              <Link to={bookingTopicHref(video.topic)}>
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
