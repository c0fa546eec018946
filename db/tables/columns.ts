import type { ColumnType, JSONColumnType } from 'kysely';

/** Column helpers shared by every table file. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T extends object | null> = JSONColumnType<T, string | undefined, string>;
