import { createHash } from 'node:crypto';
import type { Db } from './database.ts';
import { newId } from '../core/ids.ts';
import type { Scope } from '../core/scope.ts';

export interface NewFile {
  organizationId: string;
  livemode: boolean;
  content: Buffer;
  contentType: string;
  filename: string;
  /** The content's SHA-256 in hex, when the caller computed it already (a checked upload). */
  sha256?: string | undefined;
}

export async function insertFile(db: Db, file: NewFile) {
  return db
    .insertInto('files')
    .values({
      id: newId('file'),
      organization_id: file.organizationId,
      livemode: file.livemode,
      content: file.content,
      content_type: file.contentType,
      filename: file.filename,
      size: file.content.length,
      sha256: file.sha256 ?? createHash('sha256').update(file.content).digest('hex'),
    })
    .returning(['id', 'content_type', 'filename', 'size', 'sha256'])
    .executeTakeFirstOrThrow();
}

/** Files belong to the organization and mode; the document that points at one was found through its scope. */
export async function findFile(db: Db, scope: Scope, id: string) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', scope.organizationId)
    .where('livemode', '=', scope.livemode)
    .executeTakeFirst();
}

/** Takes back a received payload whose workflow already holds its own copy. */
export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}
