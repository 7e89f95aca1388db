/**
 * Paging a long list from an entry (keyset, issue 33): the page after an entry reads on from that
 * entry's place in the list's index, so the thousandth page costs what the first does, where
 * skipping rows (`OFFSET`) reads every row before the page. A list's screen follows Next and
 * Previous with the cursors of the page it shows; `page` alone (a bookmarked address) still skips.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, ErrorCode } from '../errors';

/** Where a page starts: its number, and the entry it comes after or before (ids, at most one of them). */
export interface PageRequest {
  page: number;
  after?: number;
  before?: number;
}

/** A column of a list's order; `collation` when the order compares it under one (`"C"`: byte order). */
export type KeysetKey = PgColumn | { column: PgColumn; collation: 'C' };

/**
 * A list's order as its index holds it: every key the same direction, ending with the table's
 * unique id so that no two entries tie. Keys are NOT NULL: a row comparison with a null is unknown.
 */
export interface KeysetOrder {
  table: PgTable;
  keys: readonly KeysetKey[];
  id: PgColumn;
  direction: 'asc' | 'desc';
}

/** A page's rows and the cursors of the pages either side (null where there is none). */
export interface KeysetPage<Row> {
  rows: Row[];
  nextCursor: number | null;
  previousCursor: number | null;
}

/**
 * Reads the rows of a list in `order` from a condition on where they stand, an order and a limit
 * and offset. The condition is undefined for the first page asked by number; the statement adds
 * it to the list's own conditions.
 */
export type ReadRows<Row> = (position: SQL | undefined, orderBy: SQL[], limit: number, offset: number) => Promise<Row[]>;

function columnOf(key: KeysetKey): PgColumn {
  return 'collation' in key ? key.column : key;
}

function keyExpression(key: KeysetKey, column: SQL): SQL {
  return 'collation' in key ? sql`${column} COLLATE "C"` : column;
}

/** The keys and the id, `a, b, id`, of the list's rows or of the cursor's entry. */
function keyList(order: KeysetOrder, columnSql: (column: PgColumn) => SQL): SQL {
  const keys = [...order.keys.map((key) => keyExpression(key, columnSql(columnOf(key)))), columnSql(order.id)];
  return sql.join(keys, sql`, `);
}

/**
 * The rows after (or before) entry `id` in `order`: the keys compared as one row with the entry's,
 * read by id in a subquery, which the list's index answers as a range. An id that is no entry
 * matches nothing: an empty page, whose screen offers the first.
 */
export function positionCondition(order: KeysetOrder, id: number, side: 'after' | 'before'): SQL {
  const listed = keyList(order, (column) => sql`${column}`);
  const entry = keyList(order, (column) => sql`cursor_entry.${sql.identifier(column.name)}`);
  const isLater = (side === 'after') === (order.direction === 'asc');
  const comparison = isLater ? sql`>` : sql`<`;
  return sql`(${listed}) ${comparison} (SELECT ${entry} FROM ${order.table} cursor_entry WHERE cursor_entry.${sql.identifier(order.id.name)} = ${id})`;
}

/** The list's order as ORDER BY terms; `direction` the other way to read backwards. */
export function keysetOrderBy(order: KeysetOrder, direction: 'asc' | 'desc' = order.direction): SQL[] {
  const keyword = direction === 'asc' ? sql`asc` : sql`desc`;
  return [...order.keys.map((key) => keyExpression(key, sql`${columnOf(key)}`)), sql`${order.id}`].map((key) => sql`${key} ${keyword}`);
}

const reversed = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/**
 * One page of a list in `order`, `pageSize` rows: after `request.after`, before `request.before`
 * (read backwards, then turned round), or page `request.page` by skipping the rows before it.
 * One row more than the page shows says whether there is another page that way. Both cursors at
 * once is a bad query (400).
 */
export async function readKeysetPage<Row>(
  order: KeysetOrder,
  request: PageRequest,
  pageSize: number,
  read: ReadRows<Row>,
  idOf: (row: Row) => number,
): Promise<KeysetPage<Row>> {
  if (request.after !== undefined && request.before !== undefined) {
    const message = 'Ask for the page after an entry or the page before one, not both.';
    throw new AppError(ErrorCode.BadRequest, message, [{ field: 'querystring.before', message }]);
  }
  if (request.before !== undefined) {
    const fetched = await read(positionCondition(order, request.before, 'before'), keysetOrderBy(order, reversed(order.direction)), pageSize + 1, 0);
    const rows = fetched.slice(0, pageSize).reverse();
    const first = rows[0];
    const last = rows.at(-1);
    return {
      rows,
      nextCursor: last === undefined ? null : idOf(last),
      previousCursor: fetched.length > pageSize && first !== undefined ? idOf(first) : null,
    };
  }
  const fromEntry = request.after !== undefined;
  const fetched = await read(
    request.after === undefined ? undefined : positionCondition(order, request.after, 'after'),
    keysetOrderBy(order),
    pageSize + 1,
    fromEntry ? 0 : (request.page - 1) * pageSize,
  );
  const rows = fetched.slice(0, pageSize);
  const first = rows[0];
  const last = rows.at(-1);
  const hasEarlierPage = fromEntry || request.page > 1;
  return {
    rows,
    nextCursor: fetched.length > pageSize && last !== undefined ? idOf(last) : null,
    previousCursor: hasEarlierPage && first !== undefined ? idOf(first) : null,
  };
}
