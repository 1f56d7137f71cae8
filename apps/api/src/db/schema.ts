/**
 * Row types as the database hands them to Kysely. Instants are ISO-8601 strings on both dialects
 * (see database.ts); SQLite booleans arrive as 0/1 and the repos turn them into booleans.
 */
export interface SubscriptionsTable {
  id: string;
  email: string;
  email_normalized: string;
  created_at: string;
}

export interface Database {
  subscriptions: SubscriptionsTable;
}
