/** The register app's settings, for every screen. */
import { createContext, useContext } from 'react';
import type { RegisterSettings } from '../../common/registration/steps';

export const RegisterSettingsContext = createContext<RegisterSettings | null>(null);

export function useRegisterSettings(): RegisterSettings {
  const settings = useContext(RegisterSettingsContext);
  if (!settings) {
    throw new Error('useRegisterSettings needs the RegisterSettingsContext');
  }
  return settings;
}

/** The path of the n-th step (0-based), as the router sees it (below the basename). */
export function stepPath(settings: RegisterSettings, index: number): string {
  return `/${settings.steps[index]?.slug ?? ''}`;
}

export const CONFIRMATION_PATH = '/registration-submitted';
