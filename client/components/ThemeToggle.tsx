import { useSite } from '../context.ts';
import { themeToggleFace } from '../preferences.ts';
import { Icon } from './Icons.tsx';

/**
 * Cycles the colour mode; the icon shows what a click switches to, as the SELF footer did. Before
 * React takes over, the first load's listener draws the same face (theme-control.ts).
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { site, themePreference, setThemePreference } = useSite();
  if (site.colorMode.disableSwitch) return null;
  const face = themeToggleFace(themePreference, site.colorMode.respectPrefersColorScheme);
  return (
    <button
      type="button"
      className={`theme-toggle ${className}`}
      title={face.title}
      aria-label={face.label}
      data-theme-preference={themePreference}
      onClick={() => setThemePreference(face.next)}
    >
      <Icon name={face.icon} />
    </button>
  );
}
