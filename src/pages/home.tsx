import { routeMeta } from '~/lib/meta';

export const meta = () => routeMeta('/');

export default function Page() {
  return (
    <section className="container py-16">
      <h1 className="text-4xl font-bold tracking-tight">Professionel bilpleje i Kolding</h1>
    </section>
  );
}
