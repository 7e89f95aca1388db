import TypeBox from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { Type } from './schema-builders';

/** A schema's enumerable JSON and the hidden kind TypeBox's guards and Static read. */
function describeSchema(schema: object): { json: string; kind: unknown } {
  return { json: JSON.stringify(schema), kind: (schema as Record<string, unknown>)['~kind'] };
}

describe('the API schemas’ builders', () => {
  it('builds the string-keyed records TypeBox’s Type.Record builds, options included', () => {
    const cases = [
      [TypeBox.Record(TypeBox.String(), TypeBox.String()), Type.Record(Type.String(), Type.String())],
      [TypeBox.Record(TypeBox.String(), TypeBox.Unknown()), Type.Record(Type.String(), Type.Unknown())],
      [
        TypeBox.Record(TypeBox.String({ maxLength: 100 }), TypeBox.Unknown(), { maxProperties: 100 }),
        Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 100 }),
      ],
      [
        TypeBox.Record(TypeBox.String(), TypeBox.Record(TypeBox.String(), TypeBox.Unknown()), { maxProperties: 20 }),
        Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), { maxProperties: 20 }),
      ],
    ] as const;
    for (const [fromTypeBox, fromBuilders] of cases) {
      expect(describeSchema(fromBuilders)).toEqual(describeSchema(fromTypeBox));
      expect(describeSchema(fromBuilders).kind).toBe('Record');
    }
  });

  it('checks values against a record as TypeBox’s own record does', () => {
    const fromTypeBox = TypeBox.Record(TypeBox.String(), TypeBox.String(), { maxProperties: 2 });
    const fromBuilders = Type.Record(Type.String(), Type.String(), { maxProperties: 2 });
    for (const value of [{}, { a: 'x' }, { a: 'x', b: 'y' }, { a: 'x', b: 'y', c: 'z' }, { a: 1 }, [], null, 'text']) {
      expect(Value.Check(fromBuilders, value)).toBe(Value.Check(fromTypeBox, value));
    }
    expect(Value.Check(fromBuilders, { a: 1 })).toBe(false);
    expect(Value.Check(fromBuilders, { a: 'x', b: 'y', c: 'z' })).toBe(false);
  });

  it('builds every other kind the schemas use exactly as the Type namespace does', () => {
    const fromTypeBox = TypeBox.Object({
      id: TypeBox.Integer({ minimum: 1 }),
      name: TypeBox.String({ maxLength: 10 }),
      active: TypeBox.Boolean(),
      kind: TypeBox.Union([TypeBox.Literal('a'), TypeBox.Literal('b')]),
      note: TypeBox.Optional(TypeBox.Union([TypeBox.String(), TypeBox.Null()])),
      tags: TypeBox.Array(TypeBox.String()),
      extra: TypeBox.Unknown(),
      raw: TypeBox.Unsafe<string>({ type: 'string', format: 'date' }),
    });
    const fromBuilders = Type.Object({
      id: Type.Integer({ minimum: 1 }),
      name: Type.String({ maxLength: 10 }),
      active: Type.Boolean(),
      kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      tags: Type.Array(Type.String()),
      extra: Type.Unknown(),
      raw: Type.Unsafe<string>({ type: 'string', format: 'date' }),
    });
    expect(describeSchema(fromBuilders)).toEqual(describeSchema(fromTypeBox));
    expect(describeSchema(fromBuilders.properties.note)).toEqual(describeSchema(fromTypeBox.properties.note));
  });
});
