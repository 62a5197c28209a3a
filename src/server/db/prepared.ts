import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Building a Drizzle statement costs more CPU than a short query's round trip (issue 13 profile): a statement that
 * every request runs is built once per database and then only executed, with its values as parameters. A prepared
 * statement belongs to the database's session, so inside a transaction the caller builds the statement as usual.
 */
export function preparedPerDatabase<Statement>(prepare: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const statements = new WeakMap<object, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

export function isTransaction(db: DbOrTx): boolean {
  return is(db, PgTransaction);
}
