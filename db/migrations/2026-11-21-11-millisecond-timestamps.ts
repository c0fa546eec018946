import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Keyset cursors carry `created_at` through JavaScript, which keeps milliseconds; Postgres keeps
// microseconds. Rows stamped within the same millisecond as a page's last row could then be skipped.
// Every `created_at` is stamped (and existing ones truncated) to whole milliseconds instead.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    declare t record;
    begin
      for t in
        select c.table_name from information_schema.columns c
        join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
        where c.table_schema = current_schema() and c.column_name = 'created_at'
          and c.data_type = 'timestamp with time zone' and tb.table_type = 'BASE TABLE'
          and c.table_name not like 'kysely_%'
      loop
        execute format('alter table %I alter column created_at set default date_trunc(''milliseconds'', now())', t.table_name);
        execute format('update %I set created_at = date_trunc(''milliseconds'', created_at) where created_at <> date_trunc(''milliseconds'', created_at)', t.table_name);
      end loop;
    end $$;
  `.execute(db);
}

export async function down(): Promise<void> {
  // Truncation cannot be undone; the defaults may stay.
}
