import { describe, expect, it } from 'vitest';
import { APP_ENTRY, pageAssetsFromManifest, type Manifest } from './assets';

/** A build's manifest in miniature: the entry, three apps sharing chunks, and a lazily loaded screen. */
const manifest: Manifest = {
  [APP_ENTRY]: { file: 'assets/main-1.js', css: ['assets/main-1.css'], imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  '_react.js': { file: 'assets/react-1.js', imports: ['_runtime.js'] },
  '_router.js': { file: 'assets/router-1.js', imports: ['_react.js'] },
  'app/registration/mount.tsx': { file: 'assets/mount-r.js', css: ['assets/register-1.css'], imports: ['_router.js', '_react.js', APP_ENTRY] },
  'app/agencies/mount.tsx': { file: 'assets/mount-a.js', imports: ['_router.js'] },
  'app/dashboard/mount.tsx': { file: 'assets/mount-d.js', css: ['assets/dashboard-1.css'], imports: ['_router.js', APP_ENTRY] },
  'app/lib/forms/schema-form.tsx': { file: 'assets/schema-form-1.js', imports: ['_react.js'] },
};

describe('pageAssetsFromManifest', () => {
  it('links the entry’s script and stylesheet', () => {
    const assets = pageAssetsFromManifest(manifest);
    expect(assets.scripts).toEqual(['/assets/main-1.js']);
    expect(assets.styles).toEqual(['/assets/main-1.css']);
  });

  it('names an app’s chunk and everything it imports, at any depth, less what the entry loads itself', () => {
    const { apps } = pageAssetsFromManifest(manifest);
    expect(apps.app__dashboard?.modules.sort()).toEqual(['/assets/mount-d.js', '/assets/react-1.js', '/assets/router-1.js']);
    expect(apps.app__dashboard?.styles).toEqual(['/assets/dashboard-1.css']);
  });

  it('names no chunk of a public page’s app, whose page paints first, but links its stylesheets', () => {
    const { apps } = pageAssetsFromManifest(manifest);
    expect(apps.app__register?.modules).toEqual([]);
    expect(apps.app__register?.styles).toEqual(['/assets/register-1.css']);
    expect(apps.app__agency?.modules).toEqual([]);
  });

  it('leaves out an app the build does not have, and what an app only loads later (a lazy screen)', () => {
    const { apps } = pageAssetsFromManifest(manifest);
    expect(apps.app__admin).toBeUndefined();
    expect(Object.values(apps).flatMap((app) => app.modules)).not.toContain('/assets/schema-form-1.js');
  });

  it('refuses a manifest without the entry', () => {
    expect(() => pageAssetsFromManifest({})).toThrow(/no entry/);
  });
});
