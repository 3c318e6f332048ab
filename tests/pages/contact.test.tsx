import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { business } from '~/content/business';
import ContactPage from '~/pages/contact';
import { renderRoute, subheadings } from './render-route';

// The booking form has its own tests (tests/features/booking); here only its place on the page matters.
// The message form too (tests/features/booking/message-form.test.tsx).
vi.mock('~/features/booking', () => ({
  BookingForm: () => <h2 id="booking-heading">Book din tid</h2>,
  MessageForm: () => (
    <section id="besked">
      <h2>Skriv til os</h2>
    </section>
  ),
}));

describe('Contact page', () => {
  it('shows the note of a link for individually priced work above the form, and none without one', () => {
    const { unmount } = renderRoute('/contact?emne=brandskade', ContactPage);
    const note = screen.getByRole('note', {
      name: 'Polering efter brandskade prissættes individuelt',
    });
    // the phone number and the e-mail address are links to call and to write
    expect(within(note).getByRole('link', { name: business.phone.display })).toHaveAttribute(
      'href',
      `tel:${business.phone.e164}`,
    );
    expect(within(note).getByRole('link', { name: business.email })).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    );
    // the note sits inside the #form section, before the form's heading
    const form = document.getElementById('form')!;
    expect(form).toContainElement(note);
    expect(
      note.compareDocumentPosition(screen.getByRole('heading', { name: 'Book din tid' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    unmount();
    renderRoute('/contact?emne=polering', ContactPage);
    expect(screen.getByRole('note', { name: /^Polering: vælg den pakke/ })).toBeVisible();
  });

  it('has the message form "Skriv til os" after the booking form, apart from it', () => {
    renderRoute('/contact', ContactPage);
    const section = document.getElementById('besked')!;
    const booking = document.getElementById('form')!;
    expect(booking).not.toContainElement(section);
    expect(
      booking.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows no note for an unknown topic or none', () => {
    renderRoute('/contact?emne=toString', ContactPage);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('has the h1 and a phone call-to-action in the hero', () => {
    renderRoute('/contact', ContactPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Kontakt os' })).toBeVisible();
    expect(screen.getByRole('link', { name: `Ring ${business.phone.display}` })).toHaveAttribute(
      'href',
      `tel:${business.phone.e164}`,
    );
  });

  it('offers three ways to make contact: phone, e-mail and the booking form at #form', () => {
    renderRoute('/contact', ContactPage);
    const ways = screen.getByRole('region', { name: 'Tre måder at kontakte os på' });
    expect(subheadings(ways)).toEqual(['Ring til os', 'Send en e-mail', 'Book online']);
    const links = within(ways).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `tel:${business.phone.e164}`,
      `mailto:${business.email}`,
      '#form',
    ]);
    // the phone says what it is for and when it is answered: the weekdays' opening hours
    expect(ways).toHaveTextContent(
      'Booking og spørgsmål: telefonen er åben mandag - torsdag 09:00 - 20:00 og fredag 08:00 - 17:00.',
    );
    const form = document.getElementById('form');
    expect(form).not.toBeNull();
    expect(within(form!).getByRole('heading', { name: 'Book din tid' })).toBeVisible();
  });

  it('shows address, opening hours, the service area and the four reasons', () => {
    renderRoute('/contact', ContactPage);
    const info = screen.getByRole('region', { name: 'Her finder du os' });
    expect(info).toHaveTextContent('Virkelyst 7B');
    expect(info).toHaveTextContent('6000 Kolding');
    expect(info).toHaveTextContent(/Mandag - Torsdag\s*09:00 - 20:00/);
    expect(info).toHaveTextContent(/Søndag\s*Lukket/);
    for (const town of ['Kolding', 'Vejle', 'Fredericia']) {
      expect(within(info).getByText(town)).toBeVisible();
    }
    const reasons = screen.getByRole('region', { name: 'Vi gør det nemt at komme i gang' });
    expect(subheadings(reasons)).toEqual([
      'Gratis tilbud',
      'Hurtigt svar',
      'Professionel rådgivning',
      'Fleksible tider',
      'Følg med på Facebook',
    ]);
    expect(reasons).toHaveTextContent('Vi svarer inden for 24 timer på hverdage.');
  });

  it('links to the social page and shows the map only after consent', () => {
    renderRoute('/contact', ContactPage);
    expect(screen.getByRole('link', { name: /Besøg vores Facebook-side/ })).toHaveAttribute(
      'href',
      business.social[0].href,
    );
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: /Vis kortet/ })).toBeVisible();
    expect(
      screen.getByText(
        'Kortet vises fra Google Maps. Når du klikker, sender din browser data til Google.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /Åbn i Google Maps/ })).toBeVisible();
  });
});
