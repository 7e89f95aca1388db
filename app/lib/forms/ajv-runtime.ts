/**
 * The ajv runtime helpers that precompiled validators `require` (server/modules/forms/validators.ts
 * lists the same names and refuses to serve code needing anything else).
 */
import equal from 'ajv/dist/runtime/equal';
import ucs2length from 'ajv/dist/runtime/ucs2length';

/**
 * The bundler may hand over these CommonJS modules' `exports` (with `default` on it) or the
 * function itself; the generated code reads `.default` either way.
 */
function asModule(imported: unknown): { default: unknown } {
  return typeof imported === 'function' ? { default: imported } : (imported as { default: unknown });
}

const runtimeModules: Record<string, unknown> = {
  'ajv/dist/runtime/equal': asModule(equal),
  'ajv/dist/runtime/ucs2length': asModule(ucs2length),
};

export function ajvRuntimeRequire(name: string): unknown {
  const runtimeModule = runtimeModules[name];
  if (runtimeModule === undefined) {
    throw new Error(`A form validator needs ${name}, which this page does not provide`);
  }
  return runtimeModule;
}
