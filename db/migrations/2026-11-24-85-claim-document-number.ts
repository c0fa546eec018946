import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Accepting a document took a client-side transaction of six round trips (begin, the number's
// advisory lock, the look-up of a live document of that number, the row, its owed run, commit).
// As a function called for the new row's id, the lock and the look-up run inside the one insert
// statement, which is its own transaction. The look-up runs after the lock, in a statement of its
// own (a volatile function takes a fresh snapshot), so it sees a concurrent send of the number
// that committed while this one waited. A taken number raises DX409 with the live document's id.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function claim_document_number(p_id text, p_company text, p_type text, p_number text)
    returns text
    language plpgsql as $$
    declare
      existing text;
    begin
      perform pg_advisory_xact_lock(hashtextextended(p_company || E'\\n' || p_type || E'\\n' || p_number, 0));
      select id into existing from documents
        where company_id = p_company and type = p_type and number = p_number and direction = 'outgoing'
          and delivery_status not in ('failed', 'rejected')
        order by created_at limit 1;
      if existing is not null then
        raise exception using errcode = 'DX409', message = 'document number taken', detail = existing;
      end if;
      return p_id;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function claim_document_number(text, text, text, text)`.execute(db);
}
