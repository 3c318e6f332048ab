import type { BookingTopicKey } from './booking-topics';
/**
 * Third-party embeds (Google Maps, Facebook videos). They load only after the visitor clicks
 * (EU cookie rules), so each has a local preview image and a text naming the provider.
 */
import { addressLine } from './business';
import type { ContentImage } from './packages';
import { videoLinks } from './video-links';
import * as pictures from '~/generated/image-manifest';

export interface EmbedContent {
  /** Names the provider, shown before the click. */
  provider: string;
  /** Title of the iframe once loaded. */
  title: string;
  /** Shown on the preview: who receives data and when. */
  notice: string;
  /** The button that loads the iframe. */
  loadLabel: string;
  /** The iframe address, requested only after the click. */
  embedUrl: string;
  /** An ordinary link that works without consent (opens in a new tab). */
  link: { href: string; label: string };
  preview: ContentImage;
}

export interface VideoContent extends EmbedContent {
  id: string;
  heading: string;
  description: string;
  /** The note the booking form shows for this link (src/content/booking-topics.ts). */
  topic: BookingTopicKey;
  /** Visible text of the link to the booking form. */
  bookLabel: string;
}

export const embedText = {
  newTab: '(åbner i et nyt vindue)',
  loadedNotice: 'Indholdet er indlæst fra',
};

const mapsQuery = encodeURIComponent(addressLine);

export const mapEmbed: EmbedContent = {
  provider: 'Google Maps',
  title: `Kort over værkstedet: ${addressLine}`,
  notice: 'Kortet vises fra Google Maps. Når du klikker, sender din browser data til Google.',
  loadLabel: 'Vis kortet',
  embedUrl: `https://www.google.com/maps?q=${mapsQuery}&output=embed`,
  link: {
    href: `https://www.google.com/maps/search/?api=1&query=${mapsQuery}`,
    label: 'Åbn i Google Maps',
  },
  preview: {
    ...pictures.mapPreview,
    alt: `Stiliseret kort med en markering af værkstedet på ${addressLine}`,
  },
};

/**
 * The two social-media videos. Their addresses live in ./video-links.ts (placeholders until the
 * owner fills them in); the embed address is derived from the video address.
 */
const facebookEmbed = (videoUrl: string) =>
  `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(videoUrl)}&show_text=false`;

const polishVideoUrl = videoLinks.polish;
const fireVideoUrl = videoLinks.fire;

const facebookNotice =
  'Videoen vises fra Facebook. Når du klikker, sender din browser data til Meta (Facebook).';

export const videos: readonly VideoContent[] = [
  {
    id: 'professionel-polering',
    heading: 'Professionel polering',
    description:
      'Se hvordan vi polerer lakken i flere trin, fjerner ridser og swirls og giver bilen dyb glans igen.',
    provider: 'Facebook',
    title: 'Video: professionel polering',
    notice: facebookNotice,
    loadLabel: 'Afspil videoen',
    embedUrl: facebookEmbed(polishVideoUrl),
    link: { href: polishVideoUrl, label: 'Se videoen på Facebook' },
    preview: {
      ...pictures.videoPolishPreview,
      alt: 'Illustration af en lakflade, halvt poleret, med en poleringsmaskine',
    },
    topic: 'polering',
    bookLabel: 'Book polering',
  },
  {
    id: 'brandskade-polering',
    heading: 'Polering efter brandskade',
    description:
      'Sod og varme sætter sig i lakken. Her renser og polerer vi en brandskadet bil, så lakken står skarp igen.',
    provider: 'Facebook',
    title: 'Video: polering efter brandskade',
    notice: facebookNotice,
    loadLabel: 'Afspil videoen',
    embedUrl: facebookEmbed(fireVideoUrl),
    link: { href: fireVideoUrl, label: 'Se videoen på Facebook' },
    preview: {
      ...pictures.videoFirePreview,
      alt: 'Illustration af en sodet lakflade, hvor den ene halvdel er renset og poleret',
    },
    topic: 'brandskade',
    bookLabel: 'Få et tilbud på brandskade polering',
  },
];
