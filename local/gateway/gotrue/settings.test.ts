// What the embedded Auth reads from the project's supabase/config.toml: the same settings the
// deploy guide sets on the hosted project.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../db/migrate.ts';
import { fillTemplate, textFromHtml } from './mail.ts';
import { durationSeconds, hookFunctionName, publicSettings, readAuthSettings } from './settings.ts';

const CONFIG = path.join(ROOT, 'supabase', 'config.toml');

describe("the project's Auth settings", () => {
  const s = readAuthSettings(CONFIG);

  it('are a code sign-in for existing users only, a code living 10 minutes', () => {
    expect(s).toMatchObject({
      enabled: true,
      signupsEnabled: false,
      emailProvider: true,
      mailerAutoconfirm: false,
      phoneProvider: false,
      jwtExpiry: 3600,
      otpExpiry: 600,
      otpLength: 6,
      maxFrequency: 60,
      refreshTokenRotation: true,
      refreshTokenReuseInterval: 10,
      rateLimits: { emailSent: 30, signInSignUps: 30, tokenVerifications: 30, tokenRefresh: 150 },
    });
    expect(publicSettings(s)).toMatchObject({
      disable_signup: true,
      mailer_autoconfirm: false,
      external: { email: true, phone: false },
    });
  });

  it("call the owner list's access token hook", () => {
    expect(s.accessTokenHook).not.toBeNull();
    expect(readFileSync(CONFIG, 'utf8')).toContain(
      'uri = "pg-functions://postgres/public/owner_access_token_hook"',
    );
  });

  it("say the code's lifetime the way config.toml sets it, in the e-mail and on /ejer", () => {
    // the lifetime is written out in two Danish texts: they must follow otp_expiry
    const minutes = `${s.otpExpiry / 60} minutter`;
    expect(
      readFileSync(path.join(ROOT, 'supabase', 'templates', 'magic-link.html'), 'utf8'),
    ).toContain(`Koden virker i ${minutes}.`);
    expect(readFileSync(path.join(ROOT, 'src', 'content', 'owner.ts'), 'utf8')).toContain(
      `Koden gælder i ${minutes}.`,
    );
  });

  it('mail the Danish template of supabase/templates, with the code in subject and text', () => {
    const template = s.magicLinkTemplate!;
    expect(template.html).toBe(
      readFileSync(path.join(ROOT, 'supabase', 'templates', 'magic-link.html'), 'utf8'),
    );
    const data = {
      token: '123456',
      tokenHash: 'h',
      email: 'ejer@glanspunkt.local',
      siteUrl: 'https://www.glanspunkt.dk',
      redirectTo: 'https://www.glanspunkt.dk/ejer',
    };
    expect(fillTemplate(template.subject, data)).toBe('Din kode til Glanspunkt: 123456');
    const text = textFromHtml(fillTemplate(template.html, data));
    expect(text).toContain('123456');
    expect(text).toContain('Skriv koden på siden for at logge ind. Koden virker i 10 minutter.');
    expect(text).not.toMatch(/[<>{}]/);
  });
});

describe('config values', () => {
  it('reads Go durations as the CLI writes them', () => {
    expect(durationSeconds('60s', 0)).toBe(60);
    expect(durationSeconds('1m30s', 0)).toBe(90);
    expect(durationSeconds('1h', 0)).toBe(3600);
    expect(durationSeconds(undefined, 7)).toBe(7);
  });

  it('takes a hook URI only as pg-functions://postgres/<schema>/<function>', () => {
    expect(hookFunctionName('pg-functions://postgres/public/owner_access_token_hook')).toBe(
      '"public"."owner_access_token_hook"',
    );
    expect(() => hookFunctionName('pg-functions://postgres/public/x;drop table y')).toThrow();
    expect(() => hookFunctionName('https://example.org/hook')).toThrow();
  });
});
