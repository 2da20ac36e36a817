// The colour toggle: light → dark → system when the system preference is respected,
// otherwise dark ↔ light.

import { describe, expect, it } from 'vitest';
import { isThemePreference, nextThemePreference } from '../../../client/preferences.ts';

describe('nextThemePreference', () => {
  it('flips dark and light when the system preference is not respected', () => {
    expect(nextThemePreference('dark', false)).toBe('light');
    expect(nextThemePreference('light', false)).toBe('dark');
  });

  it('leaves system for dark when the system preference is not respected', () => {
    // A `system` cookie left from before the setting changed must not trap the reader.
    expect(nextThemePreference('system', false)).toBe('dark');
  });

  it('cycles light → dark → system → light when the system preference is respected', () => {
    expect(nextThemePreference('light', true)).toBe('dark');
    expect(nextThemePreference('dark', true)).toBe('system');
    expect(nextThemePreference('system', true)).toBe('light');
  });
});

describe('isThemePreference', () => {
  it('accepts exactly light, dark and system', () => {
    expect(['light', 'dark', 'system'].every(isThemePreference)).toBe(true);
    expect([undefined, null, '', 'Dark', 'auto', 1].some(isThemePreference)).toBe(false);
  });
});
