import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { notFoundCopy, notFoundSeo } from '~/content/not-found';
import { routeMeta } from '~/lib/meta';

export const meta = () => routeMeta('notFound', notFoundSeo);

export default function NotFound() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  const text = notFoundCopy;
  return (
    <section className="container flex flex-col items-center justify-center gap-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary" aria-hidden="true">
        {text.code}
      </p>
      <h1 className="text-3xl font-bold">
        <span className="sr-only">{text.code} – </span>
        {text.title}
      </h1>
      <p className="max-w-md text-muted-foreground">{text.body}</p>
      <Button asChild>
        <Link to="/">{text.home}</Link>
      </Button>
    </section>
  );
}
