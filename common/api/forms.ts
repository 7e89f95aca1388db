/** Payload of a form definition as the API serves it (ARCHITECTURE.md "forms"). */
import type { Static } from 'typebox';
import { Type } from './schema-builders';
import { WholeNumberSchema } from './http';

const LooseObject = Type.Record(Type.String(), Type.Unknown());

export const FormStepSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  schema: LooseObject,
  uiSchema: LooseObject,
  /**
   * A composed form (an application: common steps, then each catalogue's) takes steps from several
   * definitions; such a step names its own definition's validators module (else the form's).
   */
  validators: Type.Optional(Type.String()),
});

export const FormDefinitionResponseSchema = Type.Object({
  key: Type.String(),
  version: Type.Integer(),
  steps: Type.Array(FormStepSchema),
  /**
   * Path, relative to the API base, of the script module holding this version's precompiled
   * validators (no `eval` under the page's CSP; STACK.md).
   */
  validators: Type.String(),
});
export type FormDefinitionResponse = Static<typeof FormDefinitionResponseSchema>;

/**
 * What every source list of a form field answers (GET `ui:options.source`, spec §3): items with an
 * id (the answer) and what to show for it: `label`, else `name` (agencies), else `title`. Each
 * list's own schema says more (services, notices); the form engine reads only these.
 */
export const FormSourceItemSchema = Type.Object({
  id: Type.Integer(),
  label: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type FormSourceItem = Static<typeof FormSourceItemSchema>;
export const FormSourceListSchema = Type.Array(FormSourceItemSchema);

/** One failing field of a 400 answer's `details`: `field` is dotted (`registered_address.postcode`). */
export const FieldErrorDetailSchema = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldErrorDetail = Static<typeof FieldErrorDetailSchema>;

export const FormValidatorsParamsSchema = Type.Object({
  key: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }),
  version: WholeNumberSchema(999_999, 'Form version, from 1'),
});
export type FormValidatorsParams = Static<typeof FormValidatorsParamsSchema>;
