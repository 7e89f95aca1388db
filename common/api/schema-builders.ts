/**
 * The TypeBox builders the API schemas are written with. The apps load these schemas, and
 * 'typebox's `Type` namespace brings every builder with it (its type-script parser and evaluation
 * engine: about 11 kB compressed in every app); these named builders are about 3 kB.
 *
 * `Record` is TypeBox's own string-keyed record built without that engine: the same schema, key
 * pattern, hidden kind and options as `Type.Record(Type.String(), value, options)`
 * (schema-builders.test.ts holds the two equal).
 */
import { Memory } from 'typebox/system';
import {
  Array as ArrayType,
  Boolean as BooleanType,
  Integer,
  Literal,
  Null,
  Object as ObjectType,
  Optional,
  RecordFromPattern,
  String as StringType,
  StringKey,
  Union,
  Unknown,
  Unsafe,
  type TObjectOptions,
  type TRecord,
  type TSchema,
  type TString,
} from 'typebox/type';

/** A record keyed by any string, as `Type.Record(Type.String(), value, options)`; the key's own options are not kept (neither does TypeBox). */
function StringRecord<Value extends TSchema>(_key: TString, value: Value, options: TObjectOptions = {}): TRecord<typeof StringKey, Value> {
  return Memory.Update(RecordFromPattern(StringKey, value), {}, options) as TRecord<typeof StringKey, Value>;
}

export const Type = {
  Array: ArrayType,
  Boolean: BooleanType,
  Integer,
  Literal,
  Null,
  Object: ObjectType,
  Optional,
  Record: StringRecord,
  String: StringType,
  Union,
  Unknown,
  Unsafe,
};
