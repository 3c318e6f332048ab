import { Moon, Sun } from 'lucide-react';
import { setTheme, useTheme } from './theme';
import { Button } from '~/components/ui/button';
import { layoutText } from '~/content/navigation';
import { useHydrated } from '~/lib/use-hydrated';
import { withoutTransitions } from './without-transitions';

/** Switches between the light and the dark theme; the icon appears once the stored theme is known. */
export function ThemeToggle() {
  const theme = useTheme();
  const mounted = useHydrated();

  const isDark = !mounted || theme !== 'light';
  const label = isDark ? layoutText.themeToLight : layoutText.themeToDark;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={() => withoutTransitions(() => setTheme(isDark ? 'light' : 'dark'))}
    >
      {mounted ? isDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" /> : null}
    </Button>
  );
}
