import { sectionText } from '~/content/sections';

export interface ProcessStep {
  /** Shown as the step number; defaults to the position in the list. */
  step?: number;
  title: string;
  description: string;
}

/**
 * Numbered steps of a work process, one card each (1 column on phones with the number beside the
 * title, 2 then 4 wider with the number above; `step-grid` in app.css).
 */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="step-grid">
      {steps.map((item, index) => {
        const number = item.step ?? index + 1;
        return (
          <li key={item.title}>
            <span aria-hidden="true">{number}</span>
            <h3>
              <span className="sr-only">{sectionText.stepLabel(number)}: </span>
              {item.title}
            </h3>
            <p>{item.description}</p>
          </li>
        );
      })}
    </ol>
  );
}
