import { useSite } from '../context.ts';
import { nextThemePreference } from '../preferences.ts';
import { Icon } from './Icons.tsx';

const names = { light: 'light mode', dark: 'dark mode', system: 'system mode' } as const;

/** Cycles the colour mode; the icon shows what a click switches to, as the SELF footer did. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { site, themePreference, setThemePreference } = useSite();
  if (site.colorMode.disableSwitch) return null;
  const next = nextThemePreference(themePreference, site.colorMode.respectPrefersColorScheme);
  return (
    <button
      type="button"
      className={`theme-toggle ${className}`}
      title={`Switch to ${names[next]}`}
      aria-label={`Switch between dark and light mode (currently ${names[themePreference]})`}
      data-theme-preference={themePreference}
      onClick={() => setThemePreference(next)}
    >
      <Icon name={next === 'light' ? 'sun' : next === 'dark' ? 'moon' : 'system'} />
    </button>
  );
}
