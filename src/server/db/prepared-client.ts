import type { Sql } from 'postgres';

/**
 * Issue 24: Drizzle sends every query not made with `.prepare(name)` as an unnamed statement (`prepare: false`), and
 * postgres-js then asks the server for the parameters' types first: Parse/Describe/Sync, wait, Bind/Execute/Sync,
 * wait. Two network round trips for every statement with parameters (seen with strace: a `P` write, its answer, then
 * a `B` write). With `prepare: true` postgres-js keeps each statement named per connection after its first use, so
 * every later run is one round trip. Connections are renewed within the hour (postgres-js's `max_lifetime`), which
 * bounds how many statements one connection keeps. DATABASE_PREPARE=false turns this off for poolers that cannot
 * keep named statements (PgBouncer in transaction mode before 1.21).
 */
export function preparingStatements(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'unsafe') {
        return (query: string, parameters?: unknown[], options?: Record<string, unknown>) =>
          (value as Sql['unsafe'])(query, parameters as never, { ...options, prepare: true });
      }
      // A transaction's and a savepoint's own `sql` are other objects: they prepare too.
      if (property === 'begin' || property === 'savepoint') {
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const work = args[last] as (sql: Sql) => unknown;
          return (value as (...inner: unknown[]) => unknown).apply(target, [...args.slice(0, last), (sql: Sql) => work(preparingStatements(sql))]);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
