import { sectionText } from '~/content/sections';

export interface ProcessStep {
  /** Shown as the step number; defaults to the position in the list. */
  step?: number;
  title: string;
  description: string;
}

/** Numbered steps of a work process, one card each (1 column on phones, 2 then 4 wider). */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((item, index) => {
        const number = item.step ?? index + 1;
        return (
          <li key={item.title} className="relative rounded-xl border bg-card p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
            >
              {number}
            </span>
            <h3 className="text-lg font-semibold">
              <span className="sr-only">{sectionText.stepLabel(number)}: </span>
              {item.title}
            </h3>
            <p className="mt-2 text-muted-foreground">{item.description}</p>
          </li>
        );
      })}
    </ol>
  );
}
