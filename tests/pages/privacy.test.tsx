import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '~/content/business';
import PrivacyPage from '~/pages/privacy';
import { renderRoute } from './render-route';

describe('Privacy policy page', () => {
  it('has the ten numbered sections of the spec in order', () => {
    renderRoute('/privatlivspolitik', PrivacyPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '1. Dataansvarlig',
      '2. Formål med behandlingen',
      '3. Retsgrundlag',
      '4. Kategorier af personoplysninger',
      '5. Modtagere af oplysningerne',
      '6. Opbevaring og sletning',
      '7. Dine rettigheder',
      '8. Klage til Datatilsynet',
      '9. Overførsel til tredjelande',
      '10. Ændringer af privatlivspolitikken',
    ]);
  });

  it('names the controller, the legal bases, data categories, retention and rights of the spec', () => {
    const { container } = renderRoute('/privatlivspolitik', PrivacyPage);
    const text = container.textContent ?? '';
    for (const expected of [
      business.legalName,
      'Virkelyst 7B, 6000 Kolding',
      `CVR-nr.: ${business.cvr}`,
      'Samtykke:',
      'Kontrakt:',
      'Legitime interesser:',
      'Retlig forpligtelse:',
      'Kontaktoplysninger:',
      'Serviceoplysninger:',
      'Betalingsoplysninger:',
      'vi gemmer ingen kortoplysninger',
      'op til 5 år efter vores seneste kontakt',
      'senest efter 12 måneder',
      'inden for en måned, og det er gratis',
      'Indsigt:',
      'Berigtigelse:',
      'Sletning:',
      'Begrænsning:',
      'Indsigelse:',
      'Dataportabilitet:',
      'Datatilsynet',
      'Sidst opdateret: 29. november 2026',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('describes what the site really does: booking fields, e-mail provider, no tracking, click-to-load', () => {
    const { container } = renderRoute('/privatlivspolitik', PrivacyPage);
    const text = container.textContent ?? '';
    expect(text).toMatch(/navn, e-mailadresse og telefonnummer/);
    expect(text).toMatch(/valgte service, dato og tidspunkt, dine eventuelle bemærkninger/);
    expect(text).toMatch(/E-mailudbyder/);
    expect(text).toMatch(/ingen sporing, ingen analyse- eller markedsføringscookies/);
    expect(text).toMatch(/indlæses først, når du klikker/);
    expect(text).toMatch(/dit valg af lyst eller mørkt tema/);
  });

  it('says where the data is processed and, honestly, what leaves the EU and on which basis', () => {
    const { container } = renderRoute('/privatlivspolitik', PrivacyPage);
    const text = container.textContent ?? '';
    // in the EU: the database and the booking functions in Frankfurt, e-mails sent from Ireland
    expect(text).toMatch(
      /database i Frankfurt \(Tyskland\), og bookingfunktionerne kører samme sted/,
    );
    expect(text).toMatch(/E-mails sendes fra Irland/);
    // outside it: Resend's metadata and logs, the global networks, a cloud calendar
    expect(text).toMatch(/Resend opbevarer oplysninger om de e-mails.*i USA/);
    expect(text).toMatch(/knudepunkt, der er nærmest dig, så uden for EU/);
    expect(text).toMatch(/iCloud eller Google Kalender/);
    // the transfer basis (GDPR art. 46(2)(c) and art. 45) and how to get a copy
    expect(text).toMatch(/standardkontraktbestemmelser.*artikel 46, stk\. 2, litra c/);
    expect(text).toMatch(/EU-U\.S\. Data Privacy Framework/);
    expect(text).toMatch(/kopi af standardkontraktbestemmelserne/);
  });

  it('links back to the front page and to the e-mail address', () => {
    renderRoute('/privatlivspolitik', PrivacyPage);
    expect(screen.getByRole('link', { name: 'Tilbage til forsiden' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: business.email })).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    );
  });
});
