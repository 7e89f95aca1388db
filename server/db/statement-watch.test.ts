import { describe, expect, it } from 'vitest';
import { StatementWatch, type StatementFigure } from './statement-watch';

/** A stand-in for pg's or PGlite's `query`: answers, or fails, and records how it was called. */
function fakeConnection(fails = false) {
  const calls: unknown[][] = [];
  const connection = {
    query: (...args: unknown[]): unknown => {
      calls.push(args);
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        (last as (error: Error | null, result: unknown) => void)(null, { rows: [] });
        return undefined;
      }
      return fails ? Promise.reject(new Error('relation does not exist')) : Promise.resolve({ rows: [{ answer: 1 }] });
    },
  };
  return { connection, calls };
}

describe('the statement watch', () => {
  it('reports each statement by pool, operation and outcome, and passes its answer and its failure on unchanged', async () => {
    const watch = new StatementWatch();
    const figures: StatementFigure[] = [];
    watch.listen((figure) => figures.push(figure));
    const { connection } = fakeConnection();
    watch.watch(connection, 'replica');
    await expect(connection.query('  SELECT 1')).resolves.toEqual({ rows: [{ answer: 1 }] });
    await connection.query({ text: 'insert into things values ($1)', values: [1] });
    await connection.query('with recent as (select 1) select * from recent');
    await connection.query('begin');
    await connection.query('vacuum analyze');
    const failing = fakeConnection(true).connection;
    watch.watch(failing, 'primary');
    await expect(failing.query('update things set a = 1')).rejects.toThrow('relation does not exist');

    expect(figures.map(({ pool, operation, failed }) => [pool, operation, failed])).toEqual([
      ['replica', 'select', false],
      ['replica', 'insert', false],
      ['replica', 'select', false],
      ['replica', 'transaction', false],
      ['replica', 'other', false],
      ['primary', 'update', true],
    ]);
    expect(figures.every((figure) => figure.seconds >= 0 && figure.seconds < 5)).toBe(true);
  });

  it('leaves the callback form alone (the pool hands it to its client: the pool’s own call is the one timed)', () => {
    const watch = new StatementWatch();
    const figures: StatementFigure[] = [];
    watch.listen((figure) => figures.push(figure));
    const { connection, calls } = fakeConnection();
    watch.watch(connection, 'primary');
    let answered = false;
    connection.query('select 1', [], () => {
      answered = true;
    });
    expect(answered).toBe(true);
    expect(calls).toHaveLength(1);
    expect(figures).toEqual([]);
  });

  it('stops reporting to a listener that stopped listening, and then sends statements straight through', async () => {
    const watch = new StatementWatch();
    const figures: StatementFigure[] = [];
    const stop = watch.listen((figure) => figures.push(figure));
    const { connection } = fakeConnection();
    watch.watch(connection, 'primary');
    await connection.query('select 1');
    stop();
    const answer = Promise.resolve({ rows: [] });
    const direct = { query: (_text: string) => answer };
    watch.watch(direct, 'primary');
    await connection.query('select 2');
    expect(figures).toHaveLength(1);
    // Nobody listening and no tracing: the very promise the connection answered, not a wrapper.
    expect(direct.query('select 3')).toBe(answer);
  });
});
