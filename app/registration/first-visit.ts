/**
 * At the root and the first step, the server draws the step's form itself (first-step-screen.tsx).
 * A first visitor there needs the app only once they use that form: it loads then, and takes over
 * with what they did (app/lib/take-over.ts). A visitor with saved answers needs it at once, to see
 * them, and every other page (the server drew nothing) is the app's alone.
 */
import { loadSavedRegistration } from './saved-registration';

export function isRegisterAppNeeded(element: HTMLElement, storage?: Storage): boolean {
  return !hasServerDrawnForm(element) || Object.keys(loadSavedRegistration(storage).answers).length > 0;
}

export function hasServerDrawnForm(element: HTMLElement): boolean {
  return element.querySelector('form') !== null;
}
