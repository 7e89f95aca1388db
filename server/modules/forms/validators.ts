/**
 * Precompiled validators for the browser. `@rjsf/validator-ajv8` compiles with `new Function`,
 * which the page's CSP (`script-src 'self'`) forbids; so the server compiles each step's schema
 * with ajv's standalone code generator and serves the result as a same-origin script module
 * (STACK.md). The module's default export maps step ids to factories that take the few ajv
 * runtime helpers the code needs (`app/lib/forms/ajv-runtime.ts`) and return rjsf's
 * `ValidatorFunctions`.
 */
import { createHash } from 'node:crypto';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';
import type { FormDefinition } from '../../../common/forms/definition';

/** Runtime modules the generated code may `require`; the browser provides exactly these. */
const AJV_RUNTIME_MODULES = ['ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal'] as const;

interface CompiledModule {
  hash: string;
  code: string;
}

const compiled = new Map<string, CompiledModule>();

/** The form's validators module, compiled once per form version. */
export function validatorsModule(definition: FormDefinition): CompiledModule {
  const cacheKey = `${definition.key}@${definition.version}`;
  const cached = compiled.get(cacheKey);
  if (cached) {
    return cached;
  }
  const factories = definition.steps.map((step) => {
    const code = compileSchemaValidatorsCode(step.schema as RJSFSchema);
    for (const match of code.matchAll(/require\("([^"]+)"\)/g)) {
      if (!(AJV_RUNTIME_MODULES as readonly string[]).includes(match[1] ?? '')) {
        throw new Error(`The ${definition.key} form's "${step.id}" step needs ${match[1] ?? ''}, which the browser does not provide`);
      }
    }
    return `  ${JSON.stringify(step.id)}: function (require) {\n    const exports = {};\n${code}\n    return exports;\n  },`;
  });
  const code = `// Validators of the ${definition.key} form, version ${definition.version}. Generated; do not edit.\nexport default {\n${factories.join('\n')}\n};\n`;
  const module = { hash: createHash('sha256').update(code).digest('hex').slice(0, 16), code };
  compiled.set(cacheKey, module);
  return module;
}

/** The module's path relative to the API base; the hash changes whenever the code does. */
export function validatorsPath(definition: FormDefinition): string {
  return `forms/${definition.key}/${definition.version}/validators.js?h=${validatorsModule(definition).hash}`;
}
