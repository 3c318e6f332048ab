import { routeMeta } from '~/lib/meta';

export const meta = () => routeMeta('/vores-arbejde');

export default function Page() {
  return (
    <section className="container py-16">
      <h1 className="text-4xl font-bold tracking-tight">Vores Arbejde</h1>
    </section>
  );
}
