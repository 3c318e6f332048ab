// The message form of /contact (#besked), checked by the server's rules (message-rules.ts) before
// anything is sent: every wrong field marked at once at the field (aria-invalid, its message as the
// description), the focus on the first, no request; the quote preselected by its link.
import './support/dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_MESSAGES } from '../../../supabase/functions/_shared/customer-rules';
import { MESSAGE_FIELD_MESSAGES } from '../../../supabase/functions/_shared/message-rules';
import { MessageForm } from '~/features/booking/message/message-form';
import { MESSAGE_ANCHOR, MESSAGE_TOPIC_PARAM } from '~/content/message-links';
import { sectionText } from '~/content/sections';
import { specialServicesContent } from '~/content/special-services';

function renderForm(url = '/contact') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <MessageForm />
    </MemoryRouter>,
  );
  return { user };
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Send besked' });

/** The field is marked with `message`: aria-invalid, and the message it names is on screen. */
function expectMarked(element: HTMLElement, message: string) {
  expect(element).toHaveAttribute('aria-invalid', 'true');
  expect(element).toHaveAccessibleDescription(expect.stringContaining(message));
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ');
  const shown = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  expect(shown).toContain(message);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the message form', () => {
  it('is where "Send besked" and "Få et uforpligtende tilbud" lead', () => {
    expect(sectionText.sendMessageHref).toBe(`/contact#${MESSAGE_ANCHOR}`);
    expect(specialServicesContent.linkHref).toBe(
      `/contact?${MESSAGE_TOPIC_PARAM}=tilbud#${MESSAGE_ANCHOR}`,
    );
  });

  it('marks every wrong field at once, focuses the first and sends nothing', async () => {
    const fetching = vi.spyOn(globalThis, 'fetch');
    const { user } = renderForm();
    await user.type(field('E-mail'), 'mette@');
    await user.type(field('Telefon (valgfrit)'), '123');
    await user.click(submit());

    await waitFor(() => expectMarked(field('Navn'), CUSTOMER_MESSAGES.name));
    expectMarked(field('E-mail'), CUSTOMER_MESSAGES.email);
    expectMarked(field('Telefon (valgfrit)'), CUSTOMER_MESSAGES.phone);
    expectMarked(field('Besked'), MESSAGE_FIELD_MESSAGES.message);
    // the optional car is right when empty
    expect(field(/^Bil/)).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field('Navn')).toHaveFocus());
    expect(fetching).not.toHaveBeenCalled();
  });

  it('refuses a link in the message and in the car, at the field', async () => {
    const { user } = renderForm();
    await user.type(field('Navn'), 'Mette Jensen');
    await user.type(field('E-mail'), 'mette@example.dk');
    await user.type(field(/^Bil/), 'Golf, se bil.com');
    await user.type(field('Besked'), 'Se billederne på www.example.com og giv et tilbud');
    await user.click(submit());

    await waitFor(() => expectMarked(field(/^Bil/), MESSAGE_FIELD_MESSAGES.carLink));
    expectMarked(field('Besked'), MESSAGE_FIELD_MESSAGES.messageLink);
    expect(field('Navn')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field(/^Bil/)).toHaveFocus());

    // editing a marked field takes its mark away
    await user.type(field(/^Bil/), 'x');
    expect(field(/^Bil/)).not.toHaveAttribute('aria-invalid');
    expect(field('Besked')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks a question by default, and a quote when the link asks for one', async () => {
    renderForm();
    expect(screen.getByRole('radio', { name: 'Et spørgsmål' })).toBeChecked();
    document.body.innerHTML = '';
    renderForm('/contact?besked=tilbud');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Et uforpligtende tilbud' })).toBeChecked(),
    );
  });
});
