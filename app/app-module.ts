/** What an app's module gives the page (app/mount-apps.ts): mounting it on its element. */
export interface AppModule {
  mount: (element: HTMLElement) => void | Promise<void>;
}
