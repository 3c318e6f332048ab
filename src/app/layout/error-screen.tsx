import { layoutText } from '~/content/navigation';

/** The generic fallback for routing failures (spec: 'Unexpected Application Error!'). */
export function ErrorScreen() {
  return (
    <main
      id="main"
      className="container flex min-h-dvh flex-col items-center justify-center gap-4 py-20 text-center"
    >
      <h1 className="text-3xl font-bold">{layoutText.error.title}</h1>
      <p className="max-w-md text-muted-foreground">{layoutText.error.body}</p>
      {/* A plain link: after a failure the router itself may be what broke. */}
      <a href="/" className="font-semibold text-primary underline underline-offset-4">
        {layoutText.error.home}
      </a>
    </main>
  );
}
