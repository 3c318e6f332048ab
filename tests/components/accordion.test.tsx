import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '~/components/ui/accordion';

const items = ['Første', 'Anden', 'Tredje'];

function Faq() {
  return (
    <Accordion>
      {items.map((question, index) => (
        <AccordionItem key={question} value={`q-${index}`}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>Svar på {question.toLowerCase()}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('Accordion (own, in place of Radix Accordion)', () => {
  it('renders each question as a button in an h3 with a closed, empty, labelled region', () => {
    const { container } = render(<Faq />);
    for (const question of items) {
      const trigger = button(question);
      expect(trigger.parentElement!.tagName).toBe('H3');
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      expect(trigger).not.toHaveAttribute('aria-controls');
      expect(trigger).toHaveAttribute('data-state', 'closed');
    }
    const regions = container.querySelectorAll('[role="region"]');
    expect(regions).toHaveLength(3);
    regions.forEach((region, index) => {
      expect(region).toHaveAttribute('hidden');
      expect(region).toBeEmptyDOMElement();
      expect(region).toHaveAttribute('aria-labelledby', button(items[index]!).id);
    });
  });

  it('opens one answer at a time, points the button at it, and closes it on a second press', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    await user.click(button('Første'));
    const region = screen.getByRole('region', { name: 'Første' });
    expect(button('Første')).toHaveAttribute('aria-expanded', 'true');
    expect(button('Første')).toHaveAttribute('aria-controls', region.id);
    expect(button('Første').closest('[data-state]')!.parentElement).toHaveAttribute(
      'data-state',
      'open',
    );
    expect(within(region).getByText('Svar på første')).toBeVisible();

    await user.click(button('Tredje'));
    expect(button('Første')).toHaveAttribute('aria-expanded', 'false');
    expect(button('Tredje')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Svar på første')).toBeNull();
    expect(screen.getByText('Svar på tredje')).toBeVisible();

    await user.click(button('Tredje'));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    expect(screen.queryByText('Svar på tredje')).toBeNull();
  });

  it('opens with Enter and Space like any button', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    button('Anden').focus();
    await user.keyboard('{Enter}');
    expect(button('Anden')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button('Anden')).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves the focus with Arrow Down / Up (wrapping), Home and End, as Radix Accordion did', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    button('Første').focus();
    const steps: Array<[keys: string, focused: string]> = [
      ['{ArrowDown}', 'Anden'],
      ['{ArrowDown}{ArrowDown}', 'Første'],
      ['{ArrowUp}', 'Tredje'],
      ['{Home}', 'Første'],
      ['{End}', 'Tredje'],
    ];
    for (const [keys, focused] of steps) {
      await user.keyboard(keys);
      expect(button(focused), keys).toHaveFocus();
    }
    // the other orientation's keys do nothing, and moving opens nothing
    await user.keyboard('{ArrowLeft}{ArrowRight}');
    expect(button('Tredje')).toHaveFocus();
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('keeps the page from scrolling on those keys only when a question has the focus', () => {
    render(<Faq />);
    const down = new KeyboardEvent('keydown', {
      key: 'ArrowDown',
      bubbles: true,
      cancelable: true,
    });
    button('Første').dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    button('Første').dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
  });

  it('renders the same markup on the server (closed, no answer text) as the first client render', () => {
    const html = renderToString(<Faq />);
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('Svar på');
    const { container } = render(<Faq />);
    expect(container.querySelectorAll('[hidden]')).toHaveLength(3);
  });
});
