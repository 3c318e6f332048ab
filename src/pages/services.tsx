import { routeMeta } from '~/lib/meta';

export const meta = () => routeMeta('/services');

export default function Page() {
  return (
    <section className="container py-16">
      <h1 className="text-4xl font-bold tracking-tight">Vores tjenester</h1>
    </section>
  );
}
