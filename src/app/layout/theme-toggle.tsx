import { Moon, Sun } from 'lucide-react';
import { setTheme, useTheme } from './theme';
import { Button } from '~/components/ui/button';
import { layoutText } from '~/content/navigation';
import { withoutTransitions } from './without-transitions';

/**
 * Switches between the light and the dark theme. Both icons are in the HTML and the theme class on
 * <html> (set before the first paint) shows the right one, so the icon is there from the first
 * paint and hydration changes nothing; the label follows the stored theme once hydrated.
 */
export function ThemeToggle() {
  const isDark = useTheme() !== 'light';
  const label = isDark ? layoutText.themeToLight : layoutText.themeToDark;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={() => withoutTransitions(() => setTheme(isDark ? 'light' : 'dark'))}
    >
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </Button>
  );
}
