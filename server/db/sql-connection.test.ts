/**
 * The job queue's connection over the portal's database, on the test's own database (PGlite here,
 * PostgreSQL in `npm run test:db`): `$n` parameters bound as they are (an array stays one array
 * value, JSON stays JSON), several statements in one string run in order, and a connection over a
 * transaction writes in that transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import { positionalSql, sqlConnectionOf } from './sql-connection';

describe('the SQL connection for the job queue', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.sqlConnection.executeSql('create table connection_check (id int primary key, tags text[], data jsonb)');
  });
  afterAll(() => database.close());

  it('binds each $n to its value, repeated or not, arrays and JSON as one value each', async () => {
    const { rows } = await database.sqlConnection.executeSql(
      'select $1::int + $1::int as doubled, cardinality($2::text[]) as tags, ($3::jsonb)->>\'kind\' as kind',
      [21, ['a', 'b', 'c'], JSON.stringify({ kind: 'mail' })],
    );
    expect(rows).toEqual([{ doubled: 42, tags: 3, kind: 'mail' }]);
  });

  it('runs several statements sent as one string without values, answering the last one\'s rows', async () => {
    const { rows } = await database.sqlConnection.executeSql(
      "insert into connection_check (id, tags) values (1, '{x}'); insert into connection_check (id, tags) values (2, '{y,z}'); select id from connection_check order by id",
    );
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('writes in the transaction it was made from: kept when it commits, gone when it rolls back', async () => {
    const insert = 'insert into connection_check (id, tags, data) values ($1, $2, $3) returning id';
    await database.db.transaction((tx) => sqlConnectionOf(tx).executeSql(insert, [3, ['kept'], { kept: true }]));
    await database.db
      .transaction(async (tx) => {
        await sqlConnectionOf(tx).executeSql(insert, [4, ['dropped'], { kept: false }]);
        tx.rollback();
      })
      .catch(() => undefined);
    const { rows } = await database.sqlConnection.executeSql('select id, tags, data from connection_check where id >= 3 order by id');
    expect(rows).toEqual([{ id: 3, tags: ['kept'], data: { kept: true } }]);
  });

  it('leaves $n inside quotes alone, and refuses a statement that names a value it was not given', async () => {
    const { rows } = await sqlConnectionOf(database.db).executeSql("select $$it's $1 here$$ as dollars, 'and $2 ''here''' as quotes, $1::text as bound", ['value']);
    expect(rows).toEqual([{ dollars: "it's $1 here", quotes: "and $2 'here'", bound: 'value' }]);
    expect(() => positionalSql('select $2', [1])).toThrow('The statement uses $2 but was given 1 values.');
  });
});
